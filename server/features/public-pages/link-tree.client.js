// The link-in-bio page's only script (issue 22): a link's click is counted once. Chromium and
// Safari send the anchor's ping by themselves; where this script runs it sends one beacon instead
// and takes the ping away, so Firefox (which sends no pings) counts too and nothing counts twice.
// Inlined under a CSP hash; whole-line comments and indentation are stripped (client-scripts.ts).
(() => {
if (!navigator.sendBeacon) return;
for (const a of document.querySelectorAll('a[ping]')) {
a.dataset.count = a.getAttribute('ping');
a.removeAttribute('ping');
}
const count = (e) => {
const a = e.target.closest('a[data-count]');
if (a && (e.type === 'click' || e.button === 1)) navigator.sendBeacon(a.dataset.count);
};
document.addEventListener('click', count);
document.addEventListener('auxclick', count);
})();
