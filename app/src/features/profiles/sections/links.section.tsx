import { useTranslation } from 'react-i18next';
import { linksApi } from '../links.api.ts';
import { profilesApi } from '../profiles.api.ts';
import { WEB_LINK_TYPES } from '../../../../../shared/schemas/link.schema.ts';
import type { Profile } from '../../../../../shared/schemas/profile.schema.ts';
import { useConfirm } from '../../../components/use-confirm.tsx';
import { useEditorMutation } from '../editor-mutation.ts';
import { LinkListEditor } from '../link-list.editor.tsx';
import { newLinkDraft, orderedLinks, savedLinksInOrder, SOCIAL_LINK_TYPES, type LinkDraft } from '../profile-form.ts';
import type { ProfileDraft } from '../use-profile-draft.ts';
import { SectionGroup } from './section-group.tsx';

/**
 * SPEC 2, the weblinks and social media groups. Their one order is weblinks first, then social
 * links; a drag saves the new order at once, in one call (SPEC 4), and a delete asks first.
 */
export function LinksSection({ profile, draft }: { profile: Profile | null; draft: ProfileDraft }) {
  const { t } = useTranslation('edit_profile');
  const [confirmDialog, confirm] = useConfirm();
  const { webLinks, socialLinks, setWebLinks, setSocialLinks, patchLinks, patchLink, dropLink, lockedLinks } = draft;

  // The stored links in the new order, nothing else: what is typed but not saved waits for Save.
  const saveOrder = useEditorMutation({
    mutationFn: (ordered: LinkDraft[]) => profilesApi.save({ profile: { id: profile!.id }, links: savedLinksInOrder(ordered) }),
    success: t('links.order_saved'),
    failure: (message) => t('not_saved_successfully', { message }),
    onSuccess: (saved) => {
      const sortOf = new Map(saved.socialMediaLinks.map((l) => [l.socialMediaLinkId, l.sort]));
      patchLinks((list) => list.map((d) => (d.id && d.saved ? { ...d, saved: { ...d.saved, sort: sortOf.get(d.id) ?? d.saved.sort } } : d)));
    },
  });
  // A saved link is removed on the server first; its row goes only once that worked.
  const removeLink = useEditorMutation({
    mutationFn: (link: LinkDraft) => linksApi.remove(link.id!),
    onSuccess: (_answer, link) => dropLink(link.key),
  });

  const reorder = (web: LinkDraft[], social: LinkDraft[]) => {
    setWebLinks(web);
    setSocialLinks(social);
    if (profile) saveOrder.mutate(orderedLinks(web, social));
  };

  const deleteLink = async (link: LinkDraft) => {
    const ok = await confirm({
      title: t('links.delete_title'),
      message: t('links.delete_confirm', { name: link.name || link.link || t('links.empty_link') }),
    });
    if (!ok) return;
    if (link.id) removeLink.mutate(link);
    else dropLink(link.key);
  };

  return (
    <>
      <SectionGroup title={t('groups.weblinks')} count={webLinks.length} defaultOpen>
        <LinkListEditor
          group="web"
          links={webLinks}
          lockedLinks={lockedLinks}
          types={WEB_LINK_TYPES}
          onChange={patchLink}
          onDelete={(d) => void deleteLink(d)}
          onReorder={(list) => reorder(list, socialLinks)}
          onAdd={() => setWebLinks((list) => [...list, newLinkDraft('website')])}
        />
      </SectionGroup>
      <SectionGroup title={t('groups.social')} count={socialLinks.length} defaultOpen>
        <LinkListEditor
          group="social"
          links={socialLinks}
          lockedLinks={lockedLinks}
          types={SOCIAL_LINK_TYPES}
          onChange={patchLink}
          onDelete={(d) => void deleteLink(d)}
          onReorder={(list) => reorder(webLinks, list)}
          onAdd={() => setSocialLinks((list) => [...list, newLinkDraft('instagram')])}
        />
      </SectionGroup>
      {confirmDialog}
    </>
  );
}
