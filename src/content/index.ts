import { about } from "./about";
import { allFields } from "./all-fields";
import { contact } from "./contact";
import { fieldPage } from "./field-page";
import { frame } from "./frame";
import { home } from "./home";
import { mail } from "./mail";
import { notFound } from "./not-found";
import { player } from "./player";
import { products } from "./products";
import { productQuestions, serviceQuestions } from "./questions";
import { safety } from "./safety";
import { sample } from "./sample";
import { services } from "./services";
import type { ContentFile } from "./types";
import { questionProblems, sampleProblems } from "./validate";

/** The content files besides site.ts. The build checks every string in them, naming the file and field. */
export const contentFiles: readonly ContentFile[] = [
  { file: "src/content/home.ts", data: { home } },
  { file: "src/content/about.ts", data: { about } },
  { file: "src/content/services.ts", data: { services } },
  { file: "src/content/products.ts", data: { products }, localSlots: /^products\.pages\./ },
  { file: "src/content/all-fields.ts", data: { allFields }, localSlots: /^allFields\.(pages|lists)\./ },
  { file: "src/content/contact.ts", data: { contact } },
  { file: "src/content/not-found.ts", data: { notFound } },
  { file: "src/content/frame.ts", data: { frame }, localSlots: /^frame\.fieldCard\./ },
  { file: "src/content/player.ts", data: { player }, localSlots: /^player\./ },
  {
    file: "src/content/field-page.ts",
    data: { fieldPage },
    localSlots: /^fieldPage\.(description|purpose|released|(trace|sound)\.\w+)$/,
  },
  {
    file: "src/content/questions.ts",
    data: { productQuestions, serviceQuestions },
    check: () => questionProblems({ productQuestions, serviceQuestions }),
  },
  { file: "src/content/mail.ts", data: { mail }, multiline: /^mail\.\w+\.body$/ },
  { file: "src/content/safety.ts", data: { safety } },
  {
    file: "src/content/sample.ts",
    data: { sample },
    localSlots: /^sample\.labels\./,
    check: () => sampleProblems(sample),
  },
];
