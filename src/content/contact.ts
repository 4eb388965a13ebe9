import type { MailPresetName } from "./mail";
import type { CardCopy } from "./types";

/** Contact: one address, and a mail link with its own subject for each kind of question. */
export const contact = {
  title: "Contact",
  description:
    "Write to us about custom fields, general questions, partnerships or press. One inbox, read by a person, with replies typically {replyTime}.",
  nav: "Contact",
  intro: {
    eyebrow: "Contact",
    title: "We would love to hear from you",
    lead: "Questions, custom requests, partnerships or press: everything comes to one inbox, and a person reads every message.",
  },
  card: {
    title: "Get In Touch",
    note: "Replies typically come {replyTime}.",
    send: "Send Message",
  },
  help: {
    eyebrow: "Help",
    title: "How can we help?",
    cards: [
      {
        icon: "spark",
        title: "Custom Fields",
        text: "A field composed around your own intention, band and length.",
        preset: "customField",
        action: "Request a custom field",
      },
      {
        icon: "question",
        title: "General Questions",
        text: "Listening, downloads, headphones, or anything else on your mind.",
        preset: "generalQuestion",
        action: "Ask a question",
      },
      {
        icon: "handshake",
        title: "Partnerships",
        text: "Studios, practitioners and creators who would like to work with us.",
        preset: "partnership",
        action: "Propose a partnership",
      },
      {
        icon: "news",
        title: "Press and Media",
        text: "Interviews, reviews and background for articles.",
        preset: "press",
        action: "Write to us for press",
      },
    ] satisfies (CardCopy & { preset: MailPresetName; action: string })[],
  },
};
