import { LOCALES, type Locale } from '@serving-console/contract'
import chatEn from './messages/en/chat.json' with { type: 'json' }
import chatZhCN from './messages/zh-CN/chat.json' with { type: 'json' }
import chatJa from './messages/ja/chat.json' with { type: 'json' }
import chatKo from './messages/ko/chat.json' with { type: 'json' }
import missingEn from './messages/en/missing.json' with { type: 'json' }
import missingZhCN from './messages/zh-CN/missing.json' with { type: 'json' }
import missingJa from './messages/ja/missing.json' with { type: 'json' }
import missingKo from './messages/ko/missing.json' with { type: 'json' }
import clusterEn from './messages/en/cluster.json' with { type: 'json' }
import clusterZhCN from './messages/zh-CN/cluster.json' with { type: 'json' }
import clusterJa from './messages/ja/cluster.json' with { type: 'json' }
import clusterKo from './messages/ko/cluster.json' with { type: 'json' }

/**
 * The texts of the server's own pages, in the console's languages: ICU MessageFormat catalogues, one JSON file per
 * language and page (`messages/{locale}/{page}.json`), laid out as the console's are and checked by the same
 * completeness test (every language has every key, every message parses, with the same arguments). The pages'
 * messages use plain text and `{name}` arguments only: the pages' script formats them (`page-i18n.ts`). English
 * is what the pages said before they spoke other languages (the e2e tests read it). Model names, uids, URLs and
 * "Serving Console" stay as they are in every language. In Chinese and Japanese, `chat.stop` says that the ASCII
 * comma separates (the page splits on it alone, which their input methods do not type by default).
 */
export type PageMessages<Key extends string> = Record<Locale, Record<Key, string>>

export type ChatPageKey = keyof typeof chatEn
export type MissingPageKey = keyof typeof missingEn
export type ClusterPageKey = keyof typeof clusterEn

/** A language's catalogues, one a page, each with every key the English one has. */
interface PageCatalogues {
  /** The model chat page (`chat-page.ts`). */
  chat: Record<ChatPageKey, string>
  /** The page at a model's address when it has no chat page there (`missing-page.ts`). */
  missing: Record<MissingPageKey, string>
  /** The gateway's page for a web UI that runs at the cluster's address (`gateway/web-ui.ts`). */
  cluster: Record<ClusterPageKey, string>
}

const CATALOGUES: Record<Locale, PageCatalogues> = {
  en: { chat: chatEn, missing: missingEn, cluster: clusterEn },
  'zh-CN': { chat: chatZhCN, missing: missingZhCN, cluster: clusterZhCN },
  ja: { chat: chatJa, missing: missingJa, cluster: clusterJa },
  ko: { chat: chatKo, missing: missingKo, cluster: clusterKo },
}

/** One page's messages in every language. */
function messagesOf<Page extends keyof PageCatalogues>(page: Page): Record<Locale, PageCatalogues[Page]> {
  return Object.fromEntries(LOCALES.map((locale) => [locale, CATALOGUES[locale][page]])) as Record<
    Locale,
    PageCatalogues[Page]
  >
}

export const CHAT_PAGE_MESSAGES: PageMessages<ChatPageKey> = messagesOf('chat')
export const MISSING_PAGE_MESSAGES: PageMessages<MissingPageKey> = messagesOf('missing')
export const CLUSTER_PAGE_MESSAGES: PageMessages<ClusterPageKey> = messagesOf('cluster')
