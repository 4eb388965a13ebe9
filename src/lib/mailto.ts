/** A mail the visitor's client opens with: subject and body already written. */
export interface MailPreset {
  subject: string;
  body: string;
}

/** encodeURIComponent, not URLSearchParams: mail clients show its "+" for a space literally (RFC 6068 wants %20). */
export function mailtoHref(address: string, { subject, body }: MailPreset): string {
  const crlfBody = body.replace(/\r?\n/g, "\r\n");
  return `mailto:${address}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(crlfBody)}`;
}
