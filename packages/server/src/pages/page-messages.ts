import type { Locale } from '@serving-console/contract'

/**
 * The texts of the server's own pages, in the console's languages. English is what the pages said before they
 * spoke other languages (the e2e tests read it); `{name}` is a value the page fills in. Model names, uids, URLs
 * and "Serving Console" stay as they are in every language.
 */
export type PageMessages<Key extends string> = Record<Locale, Record<Key, string>>

const chatEnglish = {
  context: 'context {length}',
  back: 'Back to the console',
  settings: 'Settings',
  systemPrompt: 'System prompt',
  systemPromptPlaceholder: 'You are a helpful assistant.',
  temperature: 'Temperature',
  maxTokens: 'Max tokens',
  stop: 'Stop (comma separated)',
  stopPlaceholder: 'e.g. ###',
  chat: 'Chat',
  empty: 'Send a message to start.',
  message: 'Message',
  messagePlaceholder: 'Type a message',
  send: 'Send',
  clear: 'Clear',
  serverError: 'Server error: {status} - {detail}',
  brokeOff: 'The answer broke off: {error}',
  // Signing in on the page itself, in the words of the console's LOGIN form.
  signInToChat: 'Sign in to chat with this model.',
  sessionEnded: 'Your session has ended. Sign in again to go on; your message is kept.',
  username: 'Username',
  password: 'Password',
  signIn: 'Sign In',
  signInFailed: 'Login failed: {status} - {detail}',
  unknownError: 'Unknown error',
  unreachable: 'Cannot reach the server: {error}',
  mustChangePassword: 'Your password must be changed before you go on: sign in on the console.',
  consoleSignIn: 'Sign in on the console',
}

export type ChatPageKey = keyof typeof chatEnglish

/** The model chat page (`chat-page.ts`). */
export const CHAT_PAGE_MESSAGES: PageMessages<ChatPageKey> = {
  en: chatEnglish,
  'zh-CN': {
    context: '上下文长度 {length}',
    back: '返回控制台',
    settings: '设置',
    systemPrompt: '系统提示词',
    systemPromptPlaceholder: '你是一个乐于助人的助手。',
    temperature: '温度',
    maxTokens: '最大 Token 数',
    // The page splits on the ASCII comma only, which a Chinese input method does not type by default.
    stop: '停止词（以英文逗号分隔）',
    stopPlaceholder: '例如：###',
    chat: '对话',
    empty: '发送一条消息，开始对话。',
    message: '消息',
    messagePlaceholder: '输入消息',
    send: '发送',
    clear: '清空',
    serverError: '服务器错误：{status} - {detail}',
    brokeOff: '回答中断：{error}',
    signInToChat: '登录后即可与此模型对话。',
    sessionEnded: '会话已结束。请重新登录后继续，您的消息已保留。',
    username: '用户名',
    password: '密码',
    signIn: '登录',
    signInFailed: '登录失败：{status} - {detail}',
    unknownError: '未知错误',
    unreachable: '无法连接服务器：{error}',
    mustChangePassword: '继续之前需要修改密码：请在控制台登录。',
    consoleSignIn: '在控制台登录',
  },
  ja: {
    context: 'コンテキスト長 {length}',
    back: 'コンソールに戻る',
    settings: '設定',
    systemPrompt: 'システムプロンプト',
    systemPromptPlaceholder: 'あなたは親切なアシスタントです。',
    temperature: '温度',
    maxTokens: '最大トークン数',
    // As in Chinese: only the ASCII comma separates, not a full-width one or 、.
    stop: '停止シーケンス（半角カンマ区切り）',
    stopPlaceholder: '例: ###',
    chat: 'チャット',
    empty: 'メッセージを送信して会話を始めましょう。',
    message: 'メッセージ',
    messagePlaceholder: 'メッセージを入力',
    send: '送信',
    clear: 'クリア',
    serverError: 'サーバーエラー: {status} - {detail}',
    brokeOff: '回答が途中で途切れました: {error}',
    signInToChat: 'このモデルとチャットするにはログインしてください。',
    sessionEnded:
      'セッションが終了しました。続けるには再度ログインしてください。メッセージは保持されています。',
    username: 'ユーザー名',
    password: 'パスワード',
    signIn: 'ログイン',
    signInFailed: 'ログインに失敗しました: {status} - {detail}',
    unknownError: '不明なエラー',
    unreachable: 'サーバーに接続できません: {error}',
    mustChangePassword: '続行する前にパスワードを変更する必要があります。コンソールでログインしてください。',
    consoleSignIn: 'コンソールでログイン',
  },
  ko: {
    context: '컨텍스트 길이 {length}',
    back: '콘솔로 돌아가기',
    settings: '설정',
    systemPrompt: '시스템 프롬프트',
    systemPromptPlaceholder: '당신은 친절한 어시스턴트입니다.',
    temperature: '온도',
    maxTokens: '최대 토큰 수',
    stop: '중지 시퀀스(쉼표로 구분)',
    stopPlaceholder: '예: ###',
    chat: '채팅',
    empty: '메시지를 보내 대화를 시작하세요.',
    message: '메시지',
    messagePlaceholder: '메시지를 입력하세요',
    send: '보내기',
    clear: '지우기',
    serverError: '서버 오류: {status} - {detail}',
    brokeOff: '응답이 중간에 끊겼습니다: {error}',
    signInToChat: '이 모델과 채팅하려면 로그인하세요.',
    sessionEnded: '세션이 종료되었습니다. 계속하려면 다시 로그인하세요. 메시지는 그대로 남아 있습니다.',
    username: '사용자 이름',
    password: '비밀번호',
    signIn: '로그인',
    signInFailed: '로그인 실패: {status} - {detail}',
    unknownError: '알 수 없는 오류',
    unreachable: '서버에 연결할 수 없습니다: {error}',
    mustChangePassword: '계속하기 전에 비밀번호를 변경해야 합니다. 콘솔에서 로그인하세요.',
    consoleSignIn: '콘솔에서 로그인',
  },
}

const missingEnglish = {
  title: 'No chat page',
  notRunning: 'No model {uid} is running. It may have been terminated, or launched again under another uid.',
  starting: '{uid} is still starting. Its chat page opens here once it is ready: reload this page then.',
  notChat: '{uid} is not a language model ({type}): only language models have a chat page.',
  running: 'Go to Running Models',
}

export type MissingPageKey = keyof typeof missingEnglish

/** The page at a model's address when it has no chat page there (`missing-page.ts`). */
export const MISSING_PAGE_MESSAGES: PageMessages<MissingPageKey> = {
  en: missingEnglish,
  'zh-CN': {
    title: '没有对话页面',
    notRunning: '没有正在运行的模型 {uid}。它可能已被终止，或以其他 UID 重新启动。',
    starting: '{uid} 仍在启动中。就绪后即可在此打开对话页面，届时请刷新本页。',
    notChat: '{uid} 不是语言模型（{type}）：只有语言模型才有对话页面。',
    running: '前往运行模型',
  },
  ja: {
    title: 'チャットページがありません',
    notRunning: 'モデル {uid} は実行されていません。終了されたか、別の UID で再起動された可能性があります。',
    starting:
      '{uid} はまだ起動中です。準備ができたらこのページを再読み込みすると、チャットページが開きます。',
    notChat: '{uid} は言語モデルではありません（{type}）。チャットページがあるのは言語モデルだけです。',
    running: '実行中のモデルへ',
  },
  ko: {
    title: '채팅 페이지 없음',
    notRunning: '실행 중인 모델 {uid}이(가) 없습니다. 종료되었거나 다른 UID로 다시 실행되었을 수 있습니다.',
    starting: '{uid}은(는) 아직 시작 중입니다. 준비되면 이 페이지를 새로 고쳐 채팅 페이지를 여세요.',
    notChat: '{uid}은(는) 언어 모델이 아닙니다({type}). 채팅 페이지는 언어 모델에만 있습니다.',
    running: '실행 중인 모델로 이동',
  },
}

const clusterEnglish = {
  gradio:
    "This model's web UI is a Gradio app that runs on the Xinference cluster. The console does not run the cluster's pages at its own address, so open it at the cluster's:",
  reachable: 'That address must be reachable from this browser.',
}

export type ClusterPageKey = keyof typeof clusterEnglish

/** The gateway's page for a web UI that runs at the cluster's address (`gateway/web-ui.ts`). */
export const CLUSTER_PAGE_MESSAGES: PageMessages<ClusterPageKey> = {
  en: clusterEnglish,
  'zh-CN': {
    gradio:
      '此模型的 Web UI 是运行在 Xinference 集群上的 Gradio 应用。控制台不会在自己的地址下运行集群的页面，请通过集群的地址打开：',
    reachable: '此浏览器需要能够访问该地址。',
  },
  ja: {
    gradio:
      'このモデルの Web UI は、Xinference クラスター上で動作する Gradio アプリです。コンソールはクラスターのページを自身のアドレスでは実行しないため、クラスターのアドレスで開いてください：',
    reachable: 'このブラウザーからそのアドレスにアクセスできる必要があります。',
  },
  ko: {
    gradio:
      '이 모델의 웹 UI는 Xinference 클러스터에서 실행되는 Gradio 앱입니다. 콘솔은 클러스터의 페이지를 자체 주소에서 실행하지 않으므로 클러스터 주소에서 열어 주세요:',
    reachable: '이 브라우저에서 해당 주소에 접속할 수 있어야 합니다.',
  },
}
