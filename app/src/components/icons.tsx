/**
 * The app's line icons: one 24×24 outline style (currentColor, round ends) so every screen draws
 * them alike. Decorative: the button or link around an icon carries its accessible name.
 */
function LineIcon({ d, strokeWidth = 1.8, className }: { d: string; strokeWidth?: number; className?: string }) {
  return (
    <svg className={className} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={d} fill="none" stroke="currentColor" strokeWidth={strokeWidth} strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

export const MenuIcon = () => <LineIcon className="menu-icon" d="M4 7h16M4 12h16M4 17h16" strokeWidth={2} />;

/** Two people: the leads ("Contacts") entry of the navigation. */
export const PeopleIcon = () => (
  <LineIcon d="M16 20v-1.5a3.5 3.5 0 0 0-3.5-3.5h-5A3.5 3.5 0 0 0 4 18.5V20M10 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7ZM20 20v-1.5a3.5 3.5 0 0 0-2.5-3.35M15.5 4.15a3.5 3.5 0 0 1 0 6.7" />
);

export const TrashIcon = () => <LineIcon d="M4 7h16M10 11v6M14 11v6M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12M9 7V4h6v3" />;

/** A picture frame: an image slot with no image yet. */
export const ImageIcon = () => <LineIcon d="M4 5h16v14H4zM4 16l5-5 4 4 3-3 4 4" strokeWidth={1.6} />;

/** Six dots: the handle a list item is dragged by. */
export const DragHandleIcon = () => (
  <svg viewBox="0 0 20 20" aria-hidden="true" focusable="false">
    {[5, 10, 15].flatMap((cy) => [7, 13].map((cx) => <circle key={`${cx}-${cy}`} cx={cx} cy={cy} r="1.6" />))}
  </svg>
);
