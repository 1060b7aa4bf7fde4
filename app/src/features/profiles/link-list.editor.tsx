import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { handleLinkProblem, linkFromHandle, takesHandle } from '../../../../shared/social-handle.ts';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { LinkType } from '../../../../shared/schemas/link.schema.ts';
import type { LinkDraft } from './profile-form.ts';
import { DragHandleIcon, TrashIcon } from '../../components/icons.tsx';

/** Props of {@link LinkListEditor}. */
export interface LinkListEditorProps {
  /** `web` or `social`: names the group for screen readers and picks the type list. */
  group: 'web' | 'social';
  links: LinkDraft[];
  /** Issue 24: ids of company links the organisation's template locks: read-only, not deletable (they may still move). */
  lockedLinks?: ReadonlySet<string>;
  types: readonly LinkType[];
  onChange: (key: string, patch: Partial<Pick<LinkDraft, 'type' | 'link' | 'name'>>) => void;
  onDelete: (draft: LinkDraft) => void;
  /** The group in its new order, after a drag (pointer, touch or keyboard) ended somewhere else. */
  onReorder: (links: LinkDraft[]) => void;
  onAdd: () => void;
}

/**
 * The links of one group, reorderable by drag and drop with the handle or by keyboard
 * (focus the handle, Space, arrow keys, Space), with spoken instructions and announcements.
 */
export function LinkListEditor({ group, links, lockedLinks, types, onChange, onDelete, onReorder, onAdd }: LinkListEditorProps) {
  const { t } = useTranslation('edit_profile');
  const sensors = useSensors(
    // A small distance keeps a tap on the handle from starting a drag.
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 150, tolerance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const label = (id: UniqueIdentifier) => {
    const index = links.findIndex((l) => l.key === id);
    const draft = links[index];
    return t('links.drag_item', { name: draft?.name || draft?.link || t('links.empty_link'), position: index + 1 });
  };
  const position = (id: UniqueIdentifier | undefined) => links.findIndex((l) => l.key === id) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('links.announce_start', { item: label(active.id) }),
    onDragOver: ({ over }) => (over ? t('links.announce_over', { position: position(over.id), count: links.length }) : ''),
    onDragEnd: ({ over }) => (over ? t('links.announce_end', { position: position(over.id), count: links.length }) : t('links.announce_cancel')),
    onDragCancel: () => t('links.announce_cancel'),
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = links.findIndex((l) => l.key === active.id);
    const to = links.findIndex((l) => l.key === over.id);
    if (from < 0 || to < 0) return;
    onReorder(arrayMove(links, from, to));
  };

  return (
    <div className="link-editor">
      {links.length === 0 ? (
        <p className="muted">{group === 'web' ? t('links.no_weblinks') : t('links.no_social_links')}</p>
      ) : (
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={{ announcements, screenReaderInstructions: { draggable: t('links.drag_instructions') } }}
        >
          <SortableContext items={links.map((l) => l.key)} strategy={verticalListSortingStrategy}>
            <ol className="stacked-list link-list" data-testid={`links-${group}`}>
              {links.map((draft, index) => (
                <SortableLinkRow
                  key={draft.key}
                  draft={draft}
                  index={index}
                  locked={draft.id !== null && Boolean(lockedLinks?.has(draft.id))}
                  types={types}
                  onChange={onChange}
                  onDelete={onDelete}
                />
              ))}
            </ol>
          </SortableContext>
        </DndContext>
      )}
      <button type="button" className="btn btn-secondary btn-small" onClick={onAdd}>
        {group === 'web' ? t('links.add_weblink') : t('links.add_social_link')}
      </button>
    </div>
  );
}

interface RowProps {
  draft: LinkDraft;
  index: number;
  locked: boolean;
  types: readonly LinkType[];
  onChange: LinkListEditorProps['onChange'];
  onDelete: LinkListEditorProps['onDelete'];
}

function SortableLinkRow({ draft, index, locked, types, onChange, onDelete }: RowProps) {
  const { t } = useTranslation('edit_profile');
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: draft.key });
  const id = useId();
  const name = draft.name || draft.link || t('links.empty_link');
  // Issue 23: say what a direct link is, and that a user name is enough where one exists.
  const hint = locked
    ? t('locked_by_organisation')
    : draft.type === 'hardLink'
      ? t('links.hard_link_hint')
      : takesHandle(draft.type)
        ? t('links.handle_hint')
        : null;
  const hintId = hint ? `${id}-hint` : undefined;
  // Issue 35: a network's value that can never be an address is said at the field when it is left, in the owner's language.
  const [invalid, setInvalid] = useState(false);
  const errorId = invalid ? `${id}-error` : undefined;
  return (
    <li
      ref={setNodeRef}
      className={`link-row${isDragging ? ' dragging' : ''}`}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      data-link-value={draft.link}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        className="drag-handle"
        aria-label={t('links.drag_item', { name, position: index + 1 })}
        {...attributes}
        {...listeners}
      >
        <DragHandleIcon />
      </button>
      <div className="link-fields">
        <div className="field field-type">
          <label htmlFor={`${id}-type`}>{t('links.type')}</label>
          <select
            id={`${id}-type`}
            value={draft.type}
            disabled={locked}
            onChange={(e) => {
              setInvalid(false);
              onChange(draft.key, { type: e.target.value as LinkType });
            }}
          >
            {types.map((type) => (
              <option key={type} value={type}>
                {t(`link_types.${type}`)}
              </option>
            ))}
          </select>
        </div>
        <div className={`field field-link${locked ? ' is-locked' : ''}`}>
          <label htmlFor={`${id}-link`}>{t('links.link')}</label>
          <input
            id={`${id}-link`}
            type="text"
            inputMode="url"
            autoComplete="off"
            maxLength={2048}
            placeholder={takesHandle(draft.type) ? t('links.handle_placeholder') : t('links.link_placeholder')}
            aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
            aria-invalid={invalid || undefined}
            readOnly={locked}
            value={draft.link}
            onChange={(e) => {
              setInvalid(false);
              onChange(draft.key, { link: e.target.value });
            }}
            // Issue 23: a user name or @handle becomes the network's address (the API does the same).
            onBlur={(e) => {
              const full = linkFromHandle(draft.type, e.target.value);
              if (full !== e.target.value) onChange(draft.key, { link: full });
              setInvalid(full !== '' && handleLinkProblem(draft.type, full) !== null);
            }}
          />
          {hint && (
            <p id={hintId} className="field-hint">
              {hint}
            </p>
          )}
          {invalid && (
            <p id={errorId} className="field-error" role="alert">
              {t('links.handle_invalid')}
            </p>
          )}
        </div>
        <div className={`field field-name${locked ? ' is-locked' : ''}`}>
          <label htmlFor={`${id}-name`}>{t('links.name')}</label>
          <input
            id={`${id}-name`}
            type="text"
            maxLength={200}
            readOnly={locked}
            value={draft.name}
            onChange={(e) => onChange(draft.key, { name: e.target.value })}
          />
        </div>
      </div>
      {!locked && (
        <button type="button" className="icon-button danger" aria-label={t('links.delete_named', { name })} onClick={() => onDelete(draft)}>
          <TrashIcon />
        </button>
      )}
    </li>
  );
}
