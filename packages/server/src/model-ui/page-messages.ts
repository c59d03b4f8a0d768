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
