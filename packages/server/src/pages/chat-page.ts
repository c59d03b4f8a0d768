import { SESSION_SCRIPT } from './chat-session.js'
import { html, pageCsp, pageDocument } from './page-frame.js'
import { fill, localizingScript } from './page-i18n.js'
import { CHAT_PAGE_MESSAGES } from './page-messages.js'

/**
 * In the console's look, on its design tokens (`ui/tokens.css`, which the console's build writes: one source for
 * every colour, both schemes); two columns, stacked on a phone.
 */
const STYLE = `  * { box-sizing: border-box; }
  [hidden] { display: none !important; }
  body { margin: 0; font-family: var(--sc-font); font-size: var(--sc-body-size); line-height: 1.5; background: var(--sc-palette-background-default); color: var(--sc-palette-text-primary); }
  header { display: flex; flex-wrap: wrap; align-items: center; gap: 4px 12px; padding: 14px 24px; background: var(--sc-palette-background-paper); border-bottom: 1px solid var(--sc-palette-divider); }
  header h1 { margin: 0; font-size: var(--sc-h6-size); overflow-wrap: anywhere; }
  header span { color: var(--sc-palette-text-secondary); }
  header a { color: var(--sc-palette-primary-main); font-weight: 600; text-decoration: none; }
  header span + a { margin-left: auto; }
  header a:focus-visible, button:focus-visible, input:focus-visible, textarea:focus-visible { outline: 2px solid var(--sc-palette-primary-main); outline-offset: 2px; }
  #chat { display: grid; grid-template-columns: 300px minmax(0, 1fr); gap: 20px; padding: 20px 24px; height: calc(100vh - 62px); }
  aside, section { min-width: 0; background: var(--sc-palette-background-paper); border: 1px solid var(--sc-palette-divider); border-radius: var(--sc-shape-borderRadius); padding: 16px; }
  aside label { display: block; font-weight: 600; margin: 12px 0 4px; }
  aside label:first-child { margin-top: 0; }
  input, textarea { width: 100%; font: inherit; padding: 8px 10px; border: 1px solid var(--sc-palette-divider); border-radius: 6px; background: var(--sc-palette-background-paper); color: inherit; }
  textarea { resize: vertical; }
  section { display: flex; flex-direction: column; min-height: 0; }
  #messages { flex: 1; overflow-y: auto; display: flex; flex-direction: column; gap: 12px; padding-bottom: 12px; }
  .message { max-width: 80%; padding: 10px 14px; border-radius: 10px; white-space: pre-wrap; word-break: break-word; }
  .user { align-self: flex-end; background: var(--sc-palette-primary-main); color: var(--sc-palette-primary-contrastText); }
  .assistant { align-self: flex-start; background: var(--sc-palette-action-hover); }
  .error { align-self: stretch; background: var(--sc-palette-Alert-errorStandardBg); color: var(--sc-palette-Alert-errorColor); }
  #form { display: flex; gap: 10px; border-top: 1px solid var(--sc-palette-divider); padding-top: 12px; }
  #form input { flex: 1 1 auto; min-width: 0; }
  /* A button keeps its word on one line (a CJK word would otherwise break after every character). */
  button { flex: none; white-space: nowrap; font: inherit; font-weight: 600; padding: 8px 18px; border-radius: 6px; border: 0; background: var(--sc-palette-primary-main); color: var(--sc-palette-primary-contrastText); cursor: pointer; }
  button[type=button] { background: transparent; color: var(--sc-palette-primary-main); border: 1px solid var(--sc-palette-primary-main); }
  button:disabled { opacity: .5; cursor: default; }
  .empty { color: var(--sc-palette-text-secondary); margin: auto; }
  #sign-in { max-width: 400px; margin: 12vh auto; padding: 24px 28px; background: var(--sc-palette-background-paper); border: 1px solid var(--sc-palette-divider); border-radius: var(--sc-shape-borderRadius); }
  #sign-in h2 { margin: 0 0 8px; font-size: var(--sc-h6-size); }
  #sign-in p { margin: 0 0 16px; }
  #sign-in label { display: block; font-weight: 600; margin: 12px 0 4px; }
  #sign-in button { margin-top: 20px; width: 100%; }
  #sign-in #sign-in-error:empty { display: none; }
  #sign-in #sign-in-error { margin: 16px 0 0; padding: 8px 12px; border-radius: 6px; background: var(--sc-palette-Alert-errorStandardBg); color: var(--sc-palette-Alert-errorColor); }
  #sign-in a { color: var(--sc-palette-primary-main); font-weight: 600; }
  @media (max-width: 599.95px) {
    header { padding: 12px 16px; }
    #chat { grid-template-columns: minmax(0, 1fr); height: auto; padding: 16px; gap: 16px; }
    section { min-height: 70vh; }
    #form { flex-wrap: wrap; }
    #form input { flex: 1 1 100%; }
    #sign-in { margin: 24px 16px; padding: 20px 16px; }
    .message { max-width: 92%; }
  }
`

// The page's one script is the same for every model (the uid travels in `data-model`), so its hash is fixed. It
// starts by putting the page into the console's language and defining `t` for the texts it writes.
const SCRIPT = `${localizingScript(CHAT_PAGE_MESSAGES)}const MODEL = document.body.dataset.model;
const base = location.pathname.replace(/\\/[^/]*\\/?$/, '');
const history = [];
const $ = (id) => document.getElementById(id);
${SESSION_SCRIPT}
function bubble(role, text) {
  const empty = document.querySelector('.empty');
  if (empty) empty.remove();
  const div = document.createElement('div');
  div.className = 'message ' + role;
  div.textContent = text;
  $('messages').appendChild(div);
  $('messages').scrollTop = $('messages').scrollHeight;
  return div;
}
$('clear').onclick = () => {
  history.length = 0;
  const empty = document.createElement('p');
  empty.className = 'empty';
  empty.textContent = t('empty');
  $('messages').replaceChildren(empty);
};
$('form').onsubmit = async (event) => {
  event.preventDefault();
  const text = $('prompt').value.trim();
  if (!text) return;
  $('prompt').value = '';
  $('send').disabled = true;
  history.push({ role: 'user', content: text });
  const asked = bubble('user', text);
  const reply = bubble('assistant', '');
  const system = $('system').value.trim();
  const stop = $('stop').value.split(',').map((s) => s.trim()).filter(Boolean);
  const body = {
    model: MODEL, stream: true,
    messages: system ? [{ role: 'system', content: system }, ...history] : history,
    temperature: Number($('temperature').value), max_tokens: Number($('max-tokens').value),
    ...(stop.length ? { stop } : {}),
  };
  const headers = { 'Content-Type': 'application/json', ...authorization() };
  let streaming = false;
  let signedOut = false;
  try {
    const response = await fetch(base + '/v1/chat/completions', { method: 'POST', headers, body: JSON.stringify(body) });
    signedOut = response.status === 401;
    if (!response.ok) {
      const detail = await response.json().then((b) => b.detail, () => response.statusText);
      throw new Error(t('serverError', { status: response.status, detail: typeof detail === 'string' ? detail : JSON.stringify(detail) }));
    }
    streaming = true;
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    // Server-sent events end with a blank line, LF or CRLF (Xinference's server writes CRLF).
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      const events = buffer.split(/\\r?\\n\\r?\\n/);
      buffer = events.pop();
      for (const event of events) {
        const data = event.split(/\\r?\\n/).filter((line) => line.startsWith('data:')).map((line) => line.slice(5).trimStart()).join('\\n');
        if (!data || data === '[DONE]') continue;
        const chunk = JSON.parse(data);
        if (chunk.error) throw new Error(chunk.error);
        reply.textContent += chunk.choices[0].delta.content || '';
      }
    }
    history.push({ role: 'assistant', content: reply.textContent });
  } catch (error) {
    // Nothing of a failed turn stays in the conversation; the question goes back into the box to send again.
    reply.remove();
    asked.remove();
    history.pop();
    if (!$('prompt').value) $('prompt').value = text;
    if (signedOut) askToSignIn('sessionEnded');
    else bubble('error', streaming ? t('brokeOff', { error: error.message }) : error.message);
  } finally {
    $('send').disabled = false;
    if (!signedOut) $('prompt').focus();
  }
};
`

/**
 * The chat page runs only its own inline scripts (its chat, and the colour scheme's before the first paint) and
 * style, with the console's design tokens; it talks only to this server, and is never framed.
 */
export const CHAT_PAGE_CSP = pageCsp(SCRIPT, STYLE, ["connect-src 'self'", "img-src 'self' data:"])

/**
 * The web UI of a language model: a chat page in the console's look that streams replies from
 * `/v1/chat/completions`, with a system prompt, temperature, max tokens and stop words. Self-contained (no build),
 * served at `/{model_uid}` while the model runs. With auth on it sends the console tab's session token as a Bearer
 * header, and asks to sign in when it has none or it is refused (`chat-session.ts`). Served in English; its script
 * puts it into the console's language (`page-i18n.ts`).
 */
export function chatPage(model: { uid: string; name: string; contextLength: number | null }): string {
  const en = CHAT_PAGE_MESSAGES.en
  const context = model.contextLength
    ? ` · <span data-i18n="context" data-length="${model.contextLength}">${html(fill(en.context, { length: model.contextLength }))}</span>`
    : ''
  return pageDocument({
    title: `<title>${html(model.uid)} · Serving Console</title>`,
    style: STYLE,
    script: SCRIPT,
    bodyAttributes: ` data-model="${html(model.uid)}"`,
    body: `<header><h1>${html(model.uid)}</h1><span>${html(model.name)}${context}</span><a href="ui/#/playground/${html(encodeURIComponent(model.uid))}" data-i18n="playground">${html(en.playground)}</a><a href="ui/#/running_models/LLM" data-i18n="back">${html(en.back)}</a></header>
<main>
<div id="sign-in" role="region" aria-labelledby="sign-in-title" hidden>
  <h2 id="sign-in-title" data-i18n="signIn">${html(en.signIn)}</h2>
  <p id="sign-in-note" data-i18n="signInToChat">${html(en.signInToChat)}</p>
  <form id="sign-in-form">
    <label for="username" data-i18n="username">${html(en.username)}</label>
    <input id="username" autocomplete="username" required />
    <label for="password" data-i18n="password">${html(en.password)}</label>
    <input id="password" type="password" autocomplete="current-password" required />
    <button id="sign-in-submit" type="submit" data-i18n="signIn">${html(en.signIn)}</button>
  </form>
  <p id="sign-in-error" role="alert"></p>
  <a id="console-sign-in" href="ui/#/login" data-i18n="consoleSignIn" hidden>${html(en.consoleSignIn)}</a>
</div>
<div id="chat">
  <aside aria-label="${html(en.settings)}" data-i18n-aria-label="settings">
    <label for="system" data-i18n="systemPrompt">${html(en.systemPrompt)}</label>
    <textarea id="system" rows="4" placeholder="${html(en.systemPromptPlaceholder)}" data-i18n-placeholder="systemPromptPlaceholder"></textarea>
    <label for="temperature" data-i18n="temperature">${html(en.temperature)}</label>
    <input id="temperature" type="number" min="0" max="2" step="0.1" value="0.7" />
    <label for="max-tokens" data-i18n="maxTokens">${html(en.maxTokens)}</label>
    <input id="max-tokens" type="number" min="1" step="1" value="256" />
    <label for="stop" data-i18n="stop">${html(en.stop)}</label>
    <input id="stop" type="text" placeholder="${html(en.stopPlaceholder)}" data-i18n-placeholder="stopPlaceholder" />
  </aside>
  <section aria-label="${html(en.chat)}" data-i18n-aria-label="chat">
    <div id="messages" role="log" aria-live="polite"><p class="empty" data-i18n="empty">${html(en.empty)}</p></div>
    <form id="form">
      <input id="prompt" aria-label="${html(en.message)}" data-i18n-aria-label="message" placeholder="${html(en.messagePlaceholder)}" data-i18n-placeholder="messagePlaceholder" autocomplete="off" />
      <button id="send" type="submit" data-i18n="send">${html(en.send)}</button>
      <button id="clear" type="button" data-i18n="clear">${html(en.clear)}</button>
    </form>
  </section>
</div>
</main>`,
  })
}
