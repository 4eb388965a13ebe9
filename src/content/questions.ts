/**
 * A buyer's questions, on Products and Services; each id links straight to its answer (/products/#refunds).
 * {storefront}, {formats} and {lengths} are filled in from site.ts. Text in [[double brackets]] is the owner's to
 * write: terms the site must not invent, which a --deploy build refuses.
 */
export interface Question {
  /** The answer's address on its page: lowercase words joined by hyphens. */
  id: string;
  question: string;
  /** Paragraphs. */
  answer: readonly string[];
  /** A link after the answer, to where the site says more: a page's path, with a #section if need be. */
  more?: { label: string; path: string };
}

export interface QuestionGroup {
  /** The section's id, and so its address (/services/#custom-questions). */
  id: string;
  eyebrow: string;
  title: string;
  questions: readonly Question[];
}

export const productQuestions: QuestionGroup = {
  id: "what-you-get",
  eyebrow: "Before you buy",
  title: "What you get",
  questions: [
    {
      id: "download",
      question: "What exactly do I download?",
      answer: [
        "One audio file per field, in {formats}, {lengths} long: one continuous session, not a playlist. {storefront} sends the download straight after checkout, and the file is yours to keep and play offline.",
      ],
    },
    {
      id: "devices",
      question: "Which devices will it play on?",
      answer: [
        "Any phone, tablet or computer that plays music files, in the player you already use: there is no app to install and no account with us.",
        "For the beat to form you need stereo headphones or earbuds. Through speakers, the two tones mix in the air before they reach your ears.",
      ],
    },
    {
      id: "loop",
      question: "Does it loop?",
      answer: [
        "Each field is one session, made to be heard from beginning to end, so there is nothing to loop. To listen for longer, set your player to repeat the track.",
      ],
    },
    {
      id: "how-to-listen",
      question: "How long, how often and how loud should I listen?",
      answer: [
        "One whole session at a time, sitting or lying somewhere you can stay put, at a volume lower than you would play music. How often is up to you: there is no schedule to keep, and you can stop whenever you like.",
      ],
      more: { label: "Listening safely", path: "/products/#listening-safely" },
    },
    {
      id: "refunds",
      question: "Can I get a refund?",
      answer: [
        "Checkout, payment and receipts are handled by {storefront}.",
        "[[Your refund terms: whether a purchase can be refunded, within how many days, and how to ask.]]",
      ],
    },
    {
      id: "licence",
      question: "What may I do with the file?",
      answer: [
        "[[Your licence: what a buyer may do with the file, for instance whether it is for personal listening only, and whether it may be shared or played to a group.]]",
      ],
    },
  ],
};

export const serviceQuestions: QuestionGroup = {
  id: "custom-questions",
  eyebrow: "Custom work",
  title: "Questions about a custom field",
  questions: [
    {
      id: "what-to-send",
      question: "What should I send?",
      answer: [
        "Your intention in a sentence or two, when and where you plan to listen, and how long you would like the session to be. If you already know a band or a sound you like or dislike, say so.",
        "The Request a Custom Field button opens your mail with the first questions already written.",
      ],
    },
    {
      id: "turnaround",
      question: "How long does it take?",
      answer: [
        "We reply to every request, typically {replyTime}, with a few questions and a proposal.",
        "[[Your turnaround: how long it takes from agreeing the details to delivering the finished field.]]",
      ],
    },
    {
      id: "revisions",
      question: "Can I ask for changes?",
      answer: ["[[Your revisions: how many rounds of changes are included, and what counts as one.]]"],
    },
    {
      id: "payment",
      question: "How does payment work?",
      answer: ["[[How payment for custom work works: how the price is set, when it is paid, and how.]]"],
    },
    {
      id: "delivery",
      question: "What do I receive?",
      answer: [
        "A download of your field, in a format of our ready-made ones ({formats}), made for stereo headphones and yours to keep.",
      ],
    },
  ],
};
