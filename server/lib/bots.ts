// Crawlers and link-preview fetchers (messengers unfurling a shared profile link) are not visitors (D10).
const BOT_PATTERN =
  /bot\b|bot\/|crawler|spider|slurp|preview|facebookexternalhit|whatsapp|telegram|slack|discord|skype|linkedin|embedly|quora link|pinterest|vkshare|w3c_validator|lighthouse|headlesschrome|curl\/|wget\/|python-requests|go-http-client|okhttp/i;

/** Answers per User-Agent: the same few browsers ask again and again, and the pattern is long. */
const known = new Map<string, boolean>();
/** Emptied at this size, so made-up User-Agents cannot grow it. */
const MAX_KNOWN = 1000;

/**
 * True for user agents that are obviously not a person with a browser. Remembered per
 * User-Agent: a public page's view costs a Map lookup instead of the pattern's scan
 * (docs/performance.md, 2026-11-25 evening).
 */
export function isBot(userAgent: string | undefined): boolean {
  if (!userAgent) return true;
  let bot = known.get(userAgent);
  if (bot === undefined) {
    bot = BOT_PATTERN.test(userAgent);
    if (known.size >= MAX_KNOWN) known.clear();
    known.set(userAgent, bot);
  }
  return bot;
}
