/** What other features may use of video-call backgrounds (issue 26): the service's type. */
export type { BackgroundService } from './background.service.ts';
