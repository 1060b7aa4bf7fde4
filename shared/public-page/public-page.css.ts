/*
 * The public pages' stylesheet. It is inlined into every server-rendered page (no request
 * blocks the first paint) and rendered by the owner app's preview routes, so every rule is
 * scoped to the `.pp` root or to `p-` classes and cannot restyle the app around it.
 * Written compactly on purpose: every byte is in the visitor's first round trip.
 */

/** Rules for the whole document; only the server's pages use them (the app has its own body styles). */
export const DOCUMENT_CSS = `*,::before,::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%;text-size-adjust:100%}
body{margin:0;background:#eef1f6;color:#15181d;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
`;

/** The page's own rules: the profile, link-in-bio and card pages, their dialogs and menu. */
export const PUBLIC_PAGE_CSS = `.pp{--ink:#15181d;--mute:#566170;--line:#e4e8ee;--acc:#1c4fd6;--acc2:#e9effd;--card:#fff;--sh:0 1px 2px rgba(16,24,40,.06),0 1px 3px rgba(16,24,40,.1);max-width:480px;margin:0 auto;padding:0 0 104px;color:var(--ink);overflow-wrap:anywhere}
:where(.pp) :where(h1,h2,p){margin:0}
:where(.pp) a{color:inherit}
.pp :focus-visible{outline:3px solid #f5a623;outline-offset:2px}
.p-sprite{position:absolute;width:0;height:0;overflow:hidden}
.p-i{width:22px;height:22px;flex:none;fill:none;stroke:currentColor;stroke-width:1.8;stroke-linecap:round;stroke-linejoin:round}
.p-sr{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
.p-top{position:relative;height:136px;background:linear-gradient(135deg,#16307a,#2d63e8 60%,#4f8cf7)}
.p-logo{position:absolute;left:16px;top:16px;width:auto;max-width:168px;height:52px;padding:6px 10px;border-radius:12px;background:#fff;object-fit:contain;box-shadow:var(--sh)}
.p-lng{position:absolute;right:12px;top:12px;display:flex;gap:2px;padding:3px;border-radius:999px;background:rgba(255,255,255,.16)}
.p-lng a{min-width:44px;min-height:32px;display:grid;place-items:center;border-radius:999px;color:#fff;font-size:.8125rem;font-weight:700;text-decoration:none;letter-spacing:.04em}
.p-lng a[aria-current]{background:#fff;color:var(--acc)}
.p-av{position:relative;display:grid;place-items:center;width:120px;height:120px;margin:-60px auto 0;border:4px solid #fff;border-radius:50%;background:var(--acc2);color:var(--acc);font-size:2.5rem;font-weight:700;object-fit:cover;box-shadow:var(--sh)}
.p-lt .p-av{margin-top:40px}
.p-name{margin:14px 20px 0;font-size:1.625rem;line-height:1.2;font-weight:750;text-align:center;letter-spacing:-.01em}
.p-job{margin:6px 20px 0;color:var(--mute);text-align:center}
.p-acts{display:grid;grid-template-columns:repeat(3,1fr);gap:8px;margin:22px 16px 8px}
.p-act{display:flex;flex-direction:column;align-items:center;gap:6px;min-height:76px;padding:12px 4px 10px;border-radius:var(--ra,16px);background:var(--card);color:var(--ink);font-size:.8125rem;font-weight:650;line-height:1.2;text-align:center;text-decoration:none;box-shadow:var(--sh)}
.pp .p-pri{background:var(--acc);color:var(--on,#fff)}
.p-act .p-i{color:var(--acc)}
.p-act.p-pri .p-i{color:var(--on,#fff)}
.p-h{margin:26px 24px 8px;color:var(--mute);font-size:.75rem;font-weight:700;letter-spacing:.08em;text-transform:uppercase}
.p-list{margin:0;padding:0;list-style:none}
.p-card{margin:0 16px;border-radius:16px;background:var(--card);box-shadow:var(--sh);overflow:hidden}
.p-list li+li{border-top:1px solid var(--line)}
.p-row{display:flex;align-items:center;gap:14px;min-height:60px;padding:10px 16px;text-decoration:none}
a.p-row:hover{background:#f6f8fb}
.p-ic{display:grid;place-items:center;flex:none;width:38px;height:38px;border-radius:11px;background:var(--acc2);color:var(--acc)}
.p-tx{flex:1;min-width:0;font-weight:600;line-height:1.3}
.p-lb{display:block;color:var(--mute);font-size:.75rem;font-weight:600;letter-spacing:.02em}
.p-v{display:block;font-weight:500}
a .p-v{color:var(--acc)}
.p-chev{color:#98a2b3}
.p-note{padding:16px 18px;white-space:pre-line;line-height:1.6}
.p-soc{display:grid;grid-template-columns:repeat(auto-fill,48px);justify-content:center;gap:8px;margin:0 16px;padding:0;list-style:none}
.p-soc a,.p-soc span{display:grid;place-items:center;width:48px;height:48px;border-radius:50%;background:var(--card);color:var(--acc);box-shadow:var(--sh)}
.p-soc .p-i{width:24px;height:24px}
.p-soc span{color:#98a2b3;box-shadow:none}
.p-pv{display:flex;align-items:center;gap:12px;margin:0 auto;max-width:480px;padding:10px 16px;background:#fff7e0;font-size:.875rem}
.p-pv p{flex:1}
html:has(.p-fab){scroll-padding-bottom:104px}
.p-fab{position:fixed;right:max(16px,calc(50% - 224px));bottom:20px;z-index:5}
.p-fab summary{display:grid;place-items:center;width:58px;height:58px;border-radius:50%;background:var(--acc);color:var(--on,#fff);list-style:none;cursor:pointer;box-shadow:0 6px 16px rgba(28,79,214,.35)}
.p-fab summary::-webkit-details-marker{display:none}
.p-fab summary .p-i{width:26px;height:26px;transition:transform .1s}
.p-fab[open] summary .p-i{transform:rotate(45deg)}
.p-fab ul{position:absolute;right:0;bottom:70px;display:grid;gap:8px;margin:0;padding:0;list-style:none;transition:opacity .1s,transform .1s}
.p-fab.p-closing ul{opacity:0;transform:translateY(8px)}
.p-fab a{display:flex;align-items:center;gap:10px;min-height:48px;padding:0 18px 0 14px;border-radius:999px;background:var(--card);font-weight:600;white-space:nowrap;text-decoration:none;box-shadow:0 4px 14px rgba(16,24,40,.18)}
.p-fab a .p-i{color:var(--acc)}
.pp dialog{position:fixed;inset:0;z-index:10;display:none;place-items:center;width:100%;max-width:none;height:100%;max-height:none;margin:0;padding:16px;border:0;background:rgba(12,18,32,.55);color:var(--ink);overflow:auto}
.pp dialog[open],.pp dialog:target,.pp dialog:has(:target){display:grid}
.pp dialog::backdrop{background:transparent}
.p-scrim{position:absolute;inset:0}
.p-box{position:relative;width:100%;max-width:400px;padding:24px;border-radius:20px;background:var(--card);box-shadow:0 24px 60px rgba(0,0,0,.3)}
.p-box h2{font-size:1.25rem;line-height:1.3}
.p-box p{margin-top:8px;color:var(--mute)}
.p-nw{white-space:nowrap}
.p-host{display:block;margin-top:4px;color:var(--ink);font-weight:650}
.p-box .p-ic{margin-bottom:12px}
.pp .p-say{margin:0;color:var(--ink);font-size:1.0625rem;font-weight:600;line-height:1.45}
.p-box fieldset{margin:16px 0 0;padding:0;border:0}
.p-box legend{padding:0;font-weight:600}
.p-opt{display:flex;align-items:center;gap:12px;min-height:50px;margin-top:8px;padding:0 14px;border:1px solid var(--line);border-radius:12px;cursor:pointer}
.p-opt:has(:checked){border-color:var(--acc);background:var(--acc2)}
.p-opt input{width:20px;height:20px;margin:0;accent-color:var(--acc)}
.p-fl{display:block;margin-top:16px;font-weight:600}
.pp .p-opt-f{display:grid;grid-template-columns:1fr 1fr;gap:0 10px}
.p-opt-f div{min-width:0}
.p-opt-f .p-wide-f{grid-column:1/-1}
.p-opt-f .p-fl{margin-top:10px;font-weight:500}
.p-opt-f .p-in{min-height:44px;margin-top:4px;padding:8px 12px}
.pp textarea.p-in{resize:vertical}
.pp .p-fine{margin-top:16px;font-size:.8125rem;line-height:1.45}
.p-in{display:block;width:100%;min-height:50px;margin-top:6px;padding:10px 14px;border:1px solid #98a2b3;border-radius:12px;background:#fff;color:inherit;font:inherit}
.pp .p-err{display:none;margin-top:6px;color:#b42318;font-size:.875rem;font-weight:600}
.pp .p-in:focus-visible{outline:3px solid rgba(28,79,214,.35);outline-offset:1px;border-color:var(--acc)}
.p-in:user-invalid,.p-bad #contact-email{border-color:#b42318}
.p-bad .p-err,#contact-invalid:target~.p-err{display:block}
.p-btns{display:flex;flex-wrap:wrap-reverse;justify-content:flex-end;gap:8px;margin-top:22px}
.p-btns .p-btn{flex:1 0 auto}
.p-btn{display:inline-flex;align-items:center;justify-content:center;gap:8px;min-height:48px;padding:10px 20px;border:0;border-radius:var(--rb,12px);background:var(--acc2);color:var(--acc);font:inherit;font-weight:650;text-align:center;text-decoration:none;cursor:pointer}
.p-wide{display:flex;width:100%;margin-top:24px}
.p-lt{padding-bottom:48px}
.p-lt .p-soc{margin-top:20px}
.p-lt .p-list{display:grid;gap:12px;margin:28px 16px 0}
.p-lt .p-list li+li{border:0}
.p-bio{margin:12px 24px 0;color:var(--mute);text-align:center;white-space:pre-line}
.pp .p-save{display:flex;margin:24px 16px 0}
.p-lt .p-row{justify-content:center;border-radius:var(--ra,16px);background:var(--card);box-shadow:var(--sh);font-weight:650;text-align:center}
.p-msg{margin:0 16px;padding:48px 24px 32px;border-radius:20px;background:var(--card);box-shadow:var(--sh);text-align:center}
.p-msg>svg{display:block;margin:0 auto 24px}
.p-msg h1{font-size:1.5rem;line-height:1.25}
.p-msg p{margin-top:10px;color:var(--mute)}
.p-top+.p-msg{position:relative;margin-top:-40px}.p-left{text-align:left}.p-left .p-h{margin:24px 0 8px}.p-left .p-card{margin:0;box-shadow:none;border:1px solid var(--line)}
.p-solo{padding-top:40px}
@media (min-width:560px){.pp{padding-top:32px}.p-top{border-radius:24px 24px 0 0}.p-fab{bottom:32px}}
@media (min-width:660px){.p-fab{right:calc(50% - 314px)}}
@media (prefers-reduced-motion:reduce){.pp *{transition:none!important}}
`;
