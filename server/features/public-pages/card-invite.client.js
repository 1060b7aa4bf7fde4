// Enhances the page of a card without owner (server/features/public-pages): SPEC 2 stores the card under
// `registerCard` before leaving, and a signed-in owner goes to /register-card instead of
// /register. Without JavaScript the button is a plain link to /register.
// Inlined under a CSP hash; keep every comment on a line of its own (client-scripts.ts).
document.addEventListener('click', (e) => {
const a = e.target.closest('a[data-card]');
if (!a) return;
e.preventDefault();
let signedIn = false;
try {
localStorage.setItem('registerCard', JSON.stringify({ cardId: a.dataset.card }));
// The owner app keeps its bearer token under this key (app/src/api/token-storage.ts).
signedIn = Boolean(localStorage.getItem('cmc.authToken'));
} catch {
// Storage blocked (private mode): the card page's own link still registers.
}
location.href = signedIn ? '/register-card' : a.getAttribute('href');
});
