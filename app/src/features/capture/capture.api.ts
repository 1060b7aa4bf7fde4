import { captureParseAnswerSchema, captureReadAnswerSchema } from '../../../../shared/schemas/capture.schema.ts';
import {
  captureEventListSchema,
  captureEventSchema,
  captureSaveAnswerSchema,
  type CaptureEventSaveBody,
  type CaptureSaveInput,
} from '../../../../shared/schemas/capture-save.schema.ts';
import { apiRequest } from '../../lib/api-client.ts';

export const captureKeys = { events: ['capture', 'events'] as const };

/** Issue 36's owner calls: read a card's photo or a code, save the reviewed capture, the events. */
export const captureApi = {
  /** POST /capture/read: the photo as multipart `image`. */
  read: (photo: Blob) => {
    const form = new FormData();
    form.append('image', photo, 'card.jpg');
    return apiRequest('/capture/read', { body: form, schema: captureReadAnswerSchema });
  },
  /** POST /capture/parse: a scanned code's text. */
  parse: (text: string) => apiRequest('/capture/parse', { body: { text }, schema: captureParseAnswerSchema }),
  /** POST /capture/save: idempotent by `clientId`. */
  save: (body: CaptureSaveInput) => apiRequest('/capture/save', { body, schema: captureSaveAnswerSchema }),
  /** GET /find/own/capture/events. */
  events: () => apiRequest('/find/own/capture/events', { schema: captureEventListSchema }),
  /** POST /capture/event/save. */
  saveEvent: (body: CaptureEventSaveBody) => apiRequest('/capture/event/save', { body, schema: captureEventSchema }),
};
