import type { ReactNode } from 'react';

/** A collapsible group of the editor (SPEC 2), a native disclosure that works with the keyboard as is. */
export function SectionGroup({ title, count, defaultOpen = false, children }: { title: string; count?: number; defaultOpen?: boolean; children: ReactNode }) {
  return (
    <details className="content-card group" open={defaultOpen}>
      <summary>
        <span className="group-title">{title}</span>
        {count !== undefined && count > 0 && <span className="group-count">{count}</span>}
      </summary>
      <div className="group-body stack">{children}</div>
    </details>
  );
}
