import type { PublicProfile } from '../../../shared/schemas/public-profile.schema.ts';
import { AppError } from '../../http/errors.ts';
import { tidyFields, type CaptureFields } from './capture-fields.ts';
import type { ProductLinkResolver } from './capture.service.ts';

/**
 * The hook of `parse` for the product's own addresses (issue 36): a scanned card or profile link
 * of this service gives the public profile's contact details, exactly what its public page shows
 * (business details first, the private ones where the business ones are empty). Reads through the
 * profiles' and cards' public services that server/wiring.ts hands over; counts no view.
 */
export function createProductLinkResolver(deps: {
  /** The public profile of a card (404 AppError for an unknown, blocked or unregistered card). */
  profileOfCard: (cardId: string) => Promise<{ profile: PublicProfile }>;
  /** The public profile of a profile id, or null when it is not public. */
  profile: (profileId: string) => Promise<{ profile: PublicProfile } | null>;
  /** The id of the public profile behind a link-in-bio short link, or null. */
  profileIdOfShortLink: (shortLinkId: string) => Promise<string | null>;
}): ProductLinkResolver {
  return async (link) => {
    if (link.kind === 'card') {
      try {
        return fieldsOf((await deps.profileOfCard(link.cardId)).profile);
      } catch (error) {
        if (error instanceof AppError && error.status === 404) return null;
        throw error;
      }
    }
    const profileId = link.kind === 'profile' ? link.profileId : await deps.profileIdOfShortLink(link.shortLinkId);
    const found = profileId ? await deps.profile(profileId) : null;
    return found ? fieldsOf(found.profile) : null;
  };
}

/** A public profile's contact as capture fields. */
export function fieldsOf(profile: PublicProfile): CaptureFields {
  return tidyFields({
    firstName: profile.firstName,
    lastName: profile.lastName,
    jobTitle: profile.jobTitle,
    company: profile.companyName,
    email: profile.businessEmailAddress || profile.emailAddress,
    phone: profile.businessPhoneNumber || profile.phoneNumber,
    mobile: profile.businessMobileNumber || profile.mobileNumber,
    website: profile.companyWebsiteUrl,
    street: profile.streetAndNumber,
    zip: profile.zip,
    city: profile.city,
    country: profile.country,
  });
}
