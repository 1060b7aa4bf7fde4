// Enhances the public profile page; the page works without it (server/features/public-pages, docs/public-pages.md).
// With it: real modal dialogs (showModal: focus stays inside, the page behind is inert, Escape
// closes), SPEC 2's web-link confirmation, SPEC 5's inline e-mail check, the contact exchange
// without leaving the page, and the floating menu's 100 ms closing state.
// It is inlined under a CSP hash. Whole-line comments and indentation are stripped before
// hashing (client-scripts.ts): keep every comment on a line of its own.
(() => {
const d = document;
const byId = (id) => d.getElementById(id);
const dialogs = [...d.querySelectorAll('.pp dialog')];
const fab = d.querySelector('.p-fab');
const form = byId('contact-form');
const email = form && form.elements.senderEmail;
const linkDialog = byId('open-link');
// Issue 22: a link's click is counted once. Where this script runs it sends one beacon and takes
// the anchor's ping away (Firefox sends no pings; Chromium and Safari would count twice).
const beacons = !!navigator.sendBeacon;
if (beacons) for (const a of d.querySelectorAll('a[ping]')) {
a.dataset.count = a.getAttribute('ping');
a.removeAttribute('ping');
}
const count = (a) => {
if (beacons && a.dataset.count) navigator.sendBeacon(a.dataset.count);
};
// A middle click opens a tab without a click event.
d.addEventListener('auxclick', (e) => {
const a = e.button === 1 && e.target.closest('a');
if (a && !a.dataset.confirm) count(a);
});
// The reminder lands at a sensible hour in the visitor's own time zone (docs/public-pages.md).
const tz = d.querySelector('input[name=tz]');
try {
if (tz) tz.value = Intl.DateTimeFormat().resolvedOptions().timeZone || '';
} catch {
// No time zone known: the server's rule without one applies.
}
// SPEC 2: the menu is open, then closing for 100 ms, then closed.
const closeMenu = () => {
if (!fab || !fab.open || fab.classList.contains('p-closing')) return;
fab.classList.add('p-closing');
setTimeout(() => {
fab.open = false;
fab.classList.remove('p-closing');
}, 100);
};
// Closing any dialog resets all of them (SPEC 2).
const reset = () => {
for (const f of d.querySelectorAll('.pp dialog form')) f.reset();
if (form) form.classList.remove('p-bad');
if (email) email.removeAttribute('aria-invalid');
};
const closeAll = () => {
for (const x of dialogs) if (x.open) x.close();
closeMenu();
reset();
};
// Only one dialog at a time.
const open = (x) => {
closeAll();
x.showModal();
};
for (const x of dialogs) x.addEventListener('close', reset);
if (fab) fab.querySelector('summary').addEventListener('click', (e) => {
if (fab.open) {
e.preventDefault();
closeMenu();
}
});
d.addEventListener('click', (e) => {
if (!fab || !fab.contains(e.target)) closeMenu();
const a = e.target.closest('a');
if (!a) return;
const href = a.getAttribute('href') || '';
if (a.hasAttribute('data-go')) {
count(a);
return setTimeout(closeAll);
}
// "#_" is the cancel link and the scrim outside the box.
if (href === '#_') {
e.preventDefault();
return closeAll();
}
const target = href[0] === '#' && byId(href.slice(1));
if (target && target.tagName === 'DIALOG') {
e.preventDefault();
return open(target);
}
if (linkDialog && a.dataset.confirm) {
e.preventDefault();
linkDialog.querySelector('h2').textContent = a.dataset.confirm;
linkDialog.querySelector('[data-host]').textContent = a.hostname.replace(/^www\./, '');
linkDialog.querySelector('use').setAttribute('href', a.querySelector('use').getAttribute('href'));
const go = linkDialog.querySelector('[data-go]');
go.href = a.href;
go.dataset.count = a.dataset.count || '';
open(linkDialog);
return;
}
count(a);
});
const remind = byId('remind');
if (remind) remind.querySelector('form').addEventListener('submit', () => setTimeout(closeAll));
if (form) {
// Issue 25: after a card scan the page's address names the card (?card=); the lead names it too.
const card = new URLSearchParams(location.search).get('card');
if (card && /^[A-Za-z0-9]{1,64}$/.test(card)) {
const field = d.createElement('input');
field.type = 'hidden';
field.name = 'card';
field.value = card;
form.append(field);
}
email.addEventListener('input', () => {
form.classList.remove('p-bad');
email.removeAttribute('aria-invalid');
});
form.addEventListener('submit', async (e) => {
e.preventDefault();
// SPEC 5: a wrong address shows email_error and sends nothing. The pattern is on the input.
if (!email.checkValidity()) {
form.classList.add('p-bad');
email.setAttribute('aria-invalid', 'true');
return email.focus();
}
let outcome = 'contact-failed';
try {
const res = await fetch(form.action, { method: 'POST', headers: { accept: 'application/json' }, body: new URLSearchParams(new FormData(form)) });
if (res.ok) outcome = 'contact-sent';
else if (res.status === 429) outcome = 'contact-limited';
} catch {
// Offline or refused: the failure dialog says so.
}
open(byId(outcome));
});
}
// A fragment from the no-JavaScript redirect (#contact-sent) or a shared link opens its dialog
// as a modal; replacing the fragment first ends the :target overlay.
const hit = location.hash.length > 1 && byId(location.hash.slice(1));
const start = hit && hit.closest('dialog');
if (start) {
location.replace('#_');
open(start);
if (hit.id === 'contact-invalid') form.classList.add('p-bad');
}
})();
