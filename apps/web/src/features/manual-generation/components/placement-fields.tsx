import { type Control, type FieldPath, type FieldValues, useController } from 'react-hook-form';
import { WordPressPlacementFields } from '../../../components/wordpress-placement-fields';

/** The form values the placement fields edit: WordPress category ids and author id of the posts. */
export interface PlacementValues {
  categoryIds: number[];
  authorId: number | null;
}

/** The WordPress categories and author of the posts this form makes; empty leaves it to the site's blog configuration. */
export function PlacementFields<T extends FieldValues & PlacementValues>({
  control,
  siteId,
  disabled,
}: {
  control: Control<T>;
  siteId: number | '';
  disabled: boolean;
}) {
  const categories = useController({ control, name: 'categoryIds' as FieldPath<T> });
  const author = useController({ control, name: 'authorId' as FieldPath<T> });
  return (
    <WordPressPlacementFields
      siteId={siteId === '' ? null : siteId}
      categoryIds={categories.field.value as number[]}
      authorId={author.field.value as number | null}
      onCategoriesChange={categories.field.onChange}
      onAuthorChange={author.field.onChange}
      emptyMeaning="Empty: the site's blog configuration decides (else WordPress' defaults)."
      // The server's word on a category or author the site does not have (issue #31).
      error={categories.fieldState.error?.message ?? author.fieldState.error?.message}
      disabled={disabled}
    />
  );
}

/** The request's options for the choice: nothing when none was made (the server then takes the configuration's). */
export function placementOptions(values: PlacementValues): { categoryIds?: number[]; authorId?: number } {
  return {
    ...(values.categoryIds.length > 0 ? { categoryIds: values.categoryIds } : {}),
    ...(values.authorId !== null ? { authorId: values.authorId } : {}),
  };
}
