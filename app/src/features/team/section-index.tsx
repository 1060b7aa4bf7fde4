import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import './section-index.css';

/** One section of the Team area in the index: the id of its heading and its label's key under `nav.` (team namespace). */
export interface IndexEntry {
  id: string;
  nav: 'invite' | 'templates' | 'cards' | 'members' | 'leads' | 'stats' | 'crm' | 'brand' | 'domains' | 'scim' | 'audit';
}

/**
 * Issue 35: the Team area's in-page navigation, a bar under the app's navigation that stays while
 * the page scrolls: one link per section in the order of the page, the section in view marked
 * (`aria-current`). At 360 px the bar scrolls sideways and keeps the marked link in sight. A link
 * scrolls to its section and moves the focus to its heading; the address does not change.
 */
export function SectionIndex({ entries }: { entries: readonly IndexEntry[] }) {
  // `entries` is the screen's constant list: the scroll listener is set up once.
  const { t } = useTranslation('team');
  const [current, setCurrent] = useState(entries[0]?.id ?? '');
  const bar = useRef<HTMLUListElement>(null);

  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      // The section in view: the last whose top has passed a line a third down the visible part
      // under the sticky bars (a section that fills most of the screen counts, not the one above it).
      const top = bar.current?.getBoundingClientRect().bottom ?? 0;
      const line = top + (window.innerHeight - top) / 3;
      let seen = entries[0]?.id ?? '';
      for (const entry of entries) {
        const section = sectionOf(entry.id);
        if (section && section.getBoundingClientRect().top <= line) seen = entry.id;
      }
      // At the end of the page the last sections may never reach the line: the last one counts then.
      if (window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2) seen = entries.at(-1)?.id ?? seen;
      setCurrent(seen);
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [entries]);

  // Keeps the marked link visible in the sideways-scrolling bar (a phone's width).
  useEffect(() => {
    const list = bar.current;
    const link = list?.querySelector<HTMLElement>('[aria-current]');
    if (!list || !link) return;
    const { offsetLeft, offsetWidth } = link;
    if (offsetLeft < list.scrollLeft || offsetLeft + offsetWidth > list.scrollLeft + list.clientWidth) list.scrollLeft = offsetLeft - 16;
  }, [current]);

  const jump = (event: MouseEvent, id: string) => {
    event.preventDefault();
    const heading = document.getElementById(id);
    if (!heading) return;
    sectionOf(id)?.scrollIntoView({ block: 'start' });
    heading.tabIndex = -1;
    heading.focus({ preventScroll: true });
    setCurrent(id);
  };

  return (
    <nav className="team-index" aria-label={t('index_label')}>
      <ul ref={bar}>
        {entries.map((entry) => (
          <li key={entry.id}>
            <a href={`#${entry.id}`} aria-current={current === entry.id ? 'location' : undefined} onClick={(event) => jump(event, entry.id)}>
              {t(`nav.${entry.nav}`)}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The card of the section whose heading has this id (the heading itself when it has none). */
const sectionOf = (id: string): HTMLElement | null => {
  const heading = document.getElementById(id);
  return heading?.closest('section') ?? heading;
};
