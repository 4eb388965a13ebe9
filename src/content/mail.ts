import type { MailPreset } from "../lib/mailto";

/** One per mail link. Bodies use \n; mailtoHref turns them into CRLF as RFC 6068 asks. */
export const mail = {
  generalInquiry: {
    subject: "General Inquiry",
    body: "Hello,\n\nI have a question about your audio fields:\n\n",
  },
  moreInformation: {
    subject: "More Information",
    body: "Hello,\n\nI'd like to know more about how your fields are made. In particular:\n\n",
  },
  customField: {
    subject: "Custom Field Request",
    body: "Hello,\n\nI'd like a personalised field. What I want to work on:\n\nHow long I'd like it to be:\n\n",
  },
  customProduct: {
    subject: "Custom Product Request",
    body: "Hello,\n\nI'm looking for something that isn't in your catalogue. What I have in mind:\n\n",
  },
  contactUs: {
    subject: "Contact Us",
    body: "Hello,\n\n",
  },
  generalQuestion: {
    subject: "General Question",
    body: "Hello,\n\nMy question:\n\n",
  },
  partnership: {
    subject: "Partnership Inquiry",
    body: "Hello,\n\nI'd like to talk about working together. About me or my organisation:\n\n",
  },
  press: {
    subject: "Press Inquiry",
    body: "Hello,\n\nI'm writing for (publication) and would like to ask about:\n\nMy deadline:\n\n",
  },
} as const satisfies Record<string, MailPreset>;

export type MailPresetName = keyof typeof mail;
