import type { LineRecipe as Recipe } from "../../commerce/contract/designs";

/**
 * The saved drink a cart or order line's pods are for (decision 073): its name and choices as
 * they were when added, in the words the service gave them (so no dictionary reaches the browser).
 */
export function LineRecipe({ recipe }: { recipe: Recipe | undefined }) {
  if (!recipe) return null;
  return (
    <span className="line-recipe" data-testid="line-recipe">
      <span className="line-recipe__name">{recipe.label}</span> <span className="line-recipe__choices">{recipe.summary}</span>
    </span>
  );
}
