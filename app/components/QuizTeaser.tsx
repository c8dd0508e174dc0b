import { localePath } from "../lib/paths";
import { useShop } from "../lib/shop";

/** Categories whose shoppers the quizzes help: brewers lead to the brewer quiz, drinks to the beverage quiz. */
const QUIZ_OF_CATEGORY: Record<string, "beverage" | "brewer"> = {
  brewers: "brewer",
  coffee: "beverage",
  "k-cup-pods": "beverage",
  "bagged-coffee": "beverage",
  "canned-coffee": "beverage",
  tea: "beverage",
  "hot-cocoa": "beverage",
};

export function quizForCategory(code: string): "beverage" | "brewer" | undefined {
  return Object.hasOwn(QUIZ_OF_CATEGORY, code) ? QUIZ_OF_CATEGORY[code] : undefined;
}

/** "Not sure? Take the quiz": a plain link to the quiz that fits the page. */
export function QuizTeaser({ quiz }: { quiz: "beverage" | "brewer" }) {
  const { lang, t } = useShop();
  return (
    <p className="quiz-link">
      <strong>{t.quizTeaserTitle}</strong>{" "}
      <a href={localePath(lang, quiz === "brewer" ? "/coffeemakerquiz" : "/perfectcup")}>{quiz === "brewer" ? t.quizTeaserBrewer : t.quizTeaserBeverage}</a>
    </p>
  );
}
