import type { BrandId, Lang } from "../../commerce/contract/common";
import type {
  BeverageAnswers,
  BeverageQuestion,
  CaffeineChoice,
  Drink,
  FlavourFamily,
  Format,
  RoastChoice,
  SensoryRoastType,
} from "../../commerce/contract/quiz";
import { localeOf } from "./locale";

/** The quizzes' phrases: the beverage quiz's questions and answers, and both quizzes' pages. */
const enUS = {
  beverageTitle: "Find your perfect cup",
  beverageIntro: "Five quick questions, and we'll pick four drinks that fit your taste.",
  drinkQuestion: "What do you like to drink?",
  roastQuestion: "How dark do you like your coffee?",
  roastHint: "Tea and cocoa drinkers can pick any.",
  flavourQuestion: "Which flavors do you enjoy?",
  flavourHint: "Pick up to three.",
  caffeineQuestion: "How much caffeine?",
  formatQuestion: "How do you brew?",
  showResults: "Show my cups",
  beverageResultsTitle: "Your perfect cups",
  profileHeading: "Your taste profile",
  profileRoast: "Roast: {roast}",
  profileFlavour: "Flavor: {flavour}",
  productRoast: "Roast",
  productFlavour: "Flavor",
  productCaffeine: "Caffeine",
  retake: "Retake the quiz",
  shareResults: "Link to these results",
  savedNotice: "These are the answers saved to your account.",
  noExactMatch: "No {drink} we carry matches all your answers.",
  relaxedOne: "These are the closest matches: they fit every answer except this one.",
  relaxedMany: "These are the closest matches: they fit every answer except these.",
  answerGiven: "{question}: {answer}",
  drinkNouns: { coffee: "coffee", tea: "tea", cocoa: "hot cocoa" } as Record<Drink, string>,
  questionNames: { drink: "Drink", roast: "Roast", flavours: "Flavor", caffeine: "Caffeine", format: "How you brew" } as Record<BeverageQuestion, string>,
  brewerTitle: "Find your brewer",
  brewerIntro: "A few questions about your home and your habits, and we'll suggest the brewers that fit.",
  questionOf: "Question {current} of {total}",
  next: "Next",
  back: "Back",
  startOver: "Start over",
  brewerResultsTitle: "Brewers for you",
  ourPick: "Our pick",
  tryAgain: "Try again",
  problemUnavailable: "Our quiz is taking a short break. Please try again in a moment.",
  problemAuth: "We couldn't connect to the quiz service just now, so the quiz can't start. Please try again in a moment.",
  problemAnswers: "Those answers didn't look right, so we've started the quiz again.",
  drinks: { coffee: "Coffee", tea: "Tea", cocoa: "Hot cocoa" } as Record<Drink, string>,
  roasts: { light: "Light", medium: "Medium", dark: "Dark" } as Record<RoastChoice, string>,
  profileRoasts: { Light: "Light", Medium: "Medium", Dark: "Dark", None: "No roast (tea or cocoa)" } as Record<SensoryRoastType, string>,
  flavours: {
    bold: "Bold and smoky",
    chocolate: "Chocolate",
    sweet: "Sweet and creamy",
    nutty: "Nutty",
    fruity: "Fruity and bright",
    spicy: "Spiced",
    smooth: "Smooth and balanced",
    herbal: "Herbal",
  } as Record<FlavourFamily, string>,
  caffeine: { regular: "Regular", less: "Less (half-caff or decaf)", none: "None" } as Record<CaffeineChoice, string>,
  formats: { pods: "Pods in a single-serve brewer", bagged: "Ground coffee in a bag", either: "Either" } as Record<Format, string>,
};

export type QuizMessages = typeof enUS;

const enCA: QuizMessages = {
  ...enUS,
  flavourQuestion: "Which flavours do you enjoy?",
  profileFlavour: "Flavour: {flavour}",
  productFlavour: "Flavour",
  questionNames: { ...enUS.questionNames, flavours: "Flavour" },
};

const fr: QuizMessages = {
  beverageTitle: "Trouvez votre tasse parfaite",
  beverageIntro: "Cinq questions rapides, et nous choisirons quatre boissons à votre goût.",
  drinkQuestion: "Qu’aimez-vous boire\u202f?",
  roastQuestion: "Quelle torréfaction préférez-vous\u202f?",
  roastHint: "Les amateurs de thé et de chocolat peuvent choisir n’importe laquelle.",
  flavourQuestion: "Quelles saveurs aimez-vous\u202f?",
  flavourHint: "Choisissez-en trois au plus.",
  caffeineQuestion: "Combien de caféine\u202f?",
  formatQuestion: "Comment préparez-vous votre boisson\u202f?",
  showResults: "Voir mes tasses",
  beverageResultsTitle: "Vos tasses parfaites",
  profileHeading: "Votre profil de goût",
  profileRoast: "Torréfaction\u202f: {roast}",
  profileFlavour: "Saveur\u202f: {flavour}",
  productRoast: "Torréfaction",
  productFlavour: "Saveur",
  productCaffeine: "Caféine",
  retake: "Refaire le quiz",
  shareResults: "Lien vers ces résultats",
  savedNotice: "Voici les réponses enregistrées dans votre compte.",
  noExactMatch: "Aucun {drink} de notre sélection ne correspond à toutes vos réponses.",
  relaxedOne: "Voici les choix les plus proches\u202f: ils correspondent à toutes vos réponses sauf celle-ci.",
  relaxedMany: "Voici les choix les plus proches\u202f: ils correspondent à toutes vos réponses sauf celles-ci.",
  answerGiven: "{question}\u202f: {answer}",
  drinkNouns: { coffee: "café", tea: "thé", cocoa: "chocolat chaud" },
  questionNames: { drink: "Boisson", roast: "Torréfaction", flavours: "Saveur", caffeine: "Caféine", format: "Préparation" },
  brewerTitle: "Trouvez votre cafetière",
  brewerIntro: "Quelques questions sur votre foyer et vos habitudes, et nous vous suggérerons les cafetières qui vous conviennent.",
  questionOf: "Question {current} sur {total}",
  next: "Suivant",
  back: "Retour",
  startOver: "Recommencer",
  brewerResultsTitle: "Des cafetières pour vous",
  ourPick: "Notre choix",
  tryAgain: "Réessayer",
  problemUnavailable: "Notre quiz prend une courte pause. Réessayez dans un moment.",
  problemAuth: "Nous n’avons pas pu joindre le service du quiz, alors le quiz ne peut pas commencer. Réessayez dans un moment.",
  problemAnswers: "Ces réponses semblaient incorrectes\u202f; nous avons recommencé le quiz.",
  drinks: { coffee: "Café", tea: "Thé", cocoa: "Chocolat chaud" },
  roasts: { light: "Légère", medium: "Moyenne", dark: "Foncée" },
  profileRoasts: { Light: "Légère", Medium: "Moyenne", Dark: "Foncée", None: "Aucune (thé ou chocolat)" },
  flavours: {
    bold: "Corsé et fumé",
    chocolate: "Chocolat",
    sweet: "Doux et crémeux",
    nutty: "Noisette",
    fruity: "Fruité et vif",
    spicy: "Épicé",
    smooth: "Doux et équilibré",
    herbal: "Herbes",
  },
  caffeine: { regular: "Normale", less: "Moins (mi-caféiné ou décaféiné)", none: "Aucune" },
  formats: { pods: "En dosettes, cafetière à portion individuelle", bagged: "Café moulu en sac", either: "L’un ou l’autre" },
};

const dictionaries = { "en-US": enUS, "en-CA": enCA, fr } as const;

/** What the shopper answered to one question, in the page's words. */
export function answerText(t: QuizMessages, answers: BeverageAnswers, question: BeverageQuestion): string {
  switch (question) {
    case "drink":
      return t.drinks[answers.drink];
    case "roast":
      return t.roasts[answers.roast];
    case "flavours":
      return answers.flavours.map((f) => t.flavours[f]).join(", ");
    case "caffeine":
      return t.caffeine[answers.caffeine];
    case "format":
      return t.formats[answers.format];
  }
}

export function quizMessages(lang: Lang, brand?: BrandId): QuizMessages {
  return dictionaries[localeOf(lang, brand)];
}
