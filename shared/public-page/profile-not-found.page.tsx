import { MessagePage, NotFoundArt } from './public-page.parts.tsx';

/** SPEC 2's 'profile not found', for a missing, deleted or inactive profile or short link (status 404). */
export function ProfileNotFoundPage({ heading, text }: { heading: string; text: string }) {
  return <MessagePage art={<NotFoundArt />} heading={heading} text={text} />;
}
