/**
 * The chat page's part of the console's session, as a piece of the page's script (it uses the page's `$`, `base`
 * and `t`). One session model with the console:
 *
 * - The access token is the console's per-tab session token (session storage `token`, SPEC §3), never the shared
 *   `token` cookie: another tab showing Login rewrites that cookie, which would sign out every chat page. The
 *   console opens the chat with `window.open` (without noopener), so the new tab starts with a copy of the console
 *   tab's session storage: the chat is signed in as the console is.
 * - A refresh token in that copy is the console tab's, still in use there. Spent here it would be spent twice, and a
 *   refresh token presented again ends its session (both tabs signed out), so the page drops the copy, renews
 *   nothing, and asks to sign in when its token is refused (expired, or its session ended).
 * - Signing in here is the console's sign-in (SPEC §4: the token in session storage and the cookie, and the refresh
 *   token of this new session), so "Back to the console" in this tab finds it signed in.
 * - With no token, the page asks the server whether it needs a sign-in at all (auth off: it chats at once).
 */
export const SESSION_SCRIPT = `const storage = {
  get(key) { try { return sessionStorage.getItem(key) || ''; } catch (e) { return ''; } },
  set(key, value) { try { sessionStorage.setItem(key, value); } catch (e) {} },
  remove(key) { try { sessionStorage.removeItem(key); } catch (e) {} },
};
storage.remove('refreshToken');
function authorization() {
  const token = storage.get('token');
  return token ? { Authorization: 'Bearer ' + token } : {};
}
function showChat() {
  $('sign-in').hidden = true;
  $('chat').hidden = false;
}
function askToSignIn(note) {
  $('chat').hidden = true;
  $('sign-in').hidden = false;
  $('sign-in-note').textContent = t(note);
  $('username').focus();
}
$('sign-in-form').onsubmit = async (event) => {
  event.preventDefault();
  $('sign-in-error').textContent = '';
  $('console-sign-in').hidden = true;
  $('sign-in-submit').disabled = true;
  try {
    const response = await fetch(base + '/token', {
      method: 'POST', headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: $('username').value, password: $('password').value }),
    });
    const answer = await response.json().catch(() => ({}));
    if (!response.ok) {
      const detail = typeof answer.detail === 'string' ? answer.detail : t('unknownError');
      $('sign-in-error').textContent = t('signInFailed', { status: response.status, detail });
      return;
    }
    // The console leads a person through choosing a new password; this page only sends them there.
    if (answer.must_change_password) {
      $('sign-in-error').textContent = t('mustChangePassword');
      $('console-sign-in').hidden = false;
      return;
    }
    storage.set('token', answer.access_token);
    if (answer.refresh_token) storage.set('refreshToken', answer.refresh_token);
    document.cookie = 'token=' + encodeURIComponent(answer.access_token) + '; path=/; SameSite=Strict';
    $('password').value = '';
    showChat();
    $('prompt').focus();
  } catch (error) {
    $('sign-in-error').textContent = t('unreachable', { error: error.message });
  } finally {
    $('sign-in-submit').disabled = false;
  }
};
if (!storage.get('token')) {
  $('chat').hidden = true;
  fetch(base + '/api/v1/cluster/auth')
    .then((response) => response.json())
    .then((answer) => (answer.auth === true ? askToSignIn('signInToChat') : showChat()), showChat);
}
`
