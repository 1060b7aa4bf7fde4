// Crawlers and link-preview fetchers (messengers unfurling a shared profile link) are not visitors (D10).
const BOT_PATTERN =
  /bot\b|bot\/|crawler|spider|slurp|preview|facebookexternalhit|whatsapp|telegram|slack|discord|skype|linkedin|embedly|quora link|pinterest|vkshare|w3c_validator|lighthouse|headlesschrome|curl\/|wget\/|python-requests|go-http-client|okhttp/i;

/** True for user agents that are obviously not a person with a browser. */
export function isBot(userAgent: string | undefined): boolean {
  if (!userAgent) return true;
  return BOT_PATTERN.test(userAgent);
}
