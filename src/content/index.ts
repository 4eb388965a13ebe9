import * as copy from "./copy";
import { mail } from "./mail";
import { productQuestions, serviceQuestions } from "./questions";
import { safety } from "./safety";
import { sample } from "./sample";
import type { ContentFile } from "./types";
import { questionProblems, sampleProblems } from "./validate";

/** The content files besides site.ts. The build checks every string in them, naming the file and field. */
export const contentFiles: readonly ContentFile[] = [
  { file: "src/content/copy.ts", data: copy },
  {
    file: "src/content/questions.ts",
    data: { productQuestions, serviceQuestions },
    check: () => questionProblems({ productQuestions, serviceQuestions }),
  },
  { file: "src/content/mail.ts", data: { mail }, multiline: /^mail\.\w+\.body$/ },
  { file: "src/content/safety.ts", data: { safety } },
  { file: "src/content/sample.ts", data: { sample }, check: () => sampleProblems(sample) },
];
