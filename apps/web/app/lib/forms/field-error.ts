/**
 * The i18n keys for a field's message, in the order i18next tries them (it shows the first it has). The
 * domain's zod schemas report VALIDATION_MESSAGES keys (the same on the form and in the API's `fields`); a
 * service refusal puts its error code on the field instead (`phone: 'RepeatedPhoneNumber'`). Anything else
 * is shown as a generic "invalid value". Asking the texts, not the domain's lists of messages and codes,
 * keeps those lists (3 KB gzipped) out of every page with a form.
 */
export function fieldErrorKeys(message: string): string[] {
  return [`errors:fields.${message}`, `errors:codes.${message}`, 'errors:codes.InvalidParameterException']
}
