import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { Mailer } from '../mail/mailer.ts';
import { createCardRepository } from '../repositories/card.repository.ts';
import { createLeadRepository } from '../repositories/lead.repository.ts';
import { createLinkRepository } from '../repositories/link.repository.ts';
import { createProfileRepository } from '../repositories/profile.repository.ts';
import type { Storage } from '../storage/storage.ts';
import { createCardService } from './card.service.ts';
import { createContactService } from './contact.service.ts';
import { createDownloadService } from './download.service.ts';
import { createLinkService } from './link.service.ts';
import { createMediaService } from './media.service.ts';
import { createProfileService } from './profile.service.ts';
import { createPublicProfileService } from './public-profile.service.ts';

/** Builds every service on one database, storage and mailer. Routes reach them as `app.services`. */
export function createServices(deps: { config: Config; db: Db; storage: Storage; mailer: Mailer; log: FastifyBaseLogger }) {
  const { config, db, storage, mailer, log } = deps;
  const profiles = createProfileRepository(db);
  const links = createLinkRepository(db);
  const cards = createCardRepository(db);
  const leads = createLeadRepository(db);

  const profileService = createProfileService({ db, profiles, links });
  const publicProfiles = createPublicProfileService({ profiles, links });
  const downloads = createDownloadService({ publicUrl: config.publicUrl, publicProfiles, storage });
  return {
    profiles: profileService,
    links: createLinkService({ db, profiles, links }),
    publicProfiles,
    cards: createCardService({ db, publicUrl: config.publicUrl, cards, profiles, profileService, publicProfiles }),
    media: createMediaService({ profiles, storage, log }),
    downloads,
    contacts: createContactService({ publicUrl: config.publicUrl, leads, profiles, publicProfiles, downloads, mailer }),
  };
}

export type Services = ReturnType<typeof createServices>;
