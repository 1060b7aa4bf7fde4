/** Issue 28: the operator's console. Only re-exports (app/build/feature-barrels.plugin.ts). */
export { ConsolePage } from './screens.ts';
export { OperatorNavItem } from './operator-nav-item.tsx';
