import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/error-text.ts';
import { profileKeys } from './profiles.api.ts';
import { toast } from '../../components/toast.ts';

/** Options of {@link useEditorMutation}. */
export interface EditorMutationOptions<TVars, TData> {
  mutationFn: (vars: TVars) => Promise<TData>;
  /** A toast on success. */
  success?: string;
  /**
   * The text of a failure, given the error's own text (SPEC 8: "other failures show the error
   * message"); `null` shows no toast, because the caller shows the error where it belongs.
   * Without it the error's own text is toasted.
   */
  failure?: (message: string, error: unknown) => string | null;
  onSuccess?: (data: TData, vars: TVars) => unknown;
  /** Whether a success changed the owner's profiles, so the overview's list refetches (default true). */
  changesProfiles?: boolean;
}

/**
 * The editor's one way of writing: a TanStack Query mutation whose failure is shown once, here,
 * and whose success refreshes the overview's profile list. Sections call `mutate` and never
 * catch; `mutateAsync` callers (the image picker's spinner) use {@link settled}.
 */
export function useEditorMutation<TVars = void, TData = unknown>(options: EditorMutationOptions<TVars, TData>) {
  const { t: tm } = useTranslation('molecules');
  const queryClient = useQueryClient();
  return useMutation<TData, unknown, TVars>({
    mutationFn: options.mutationFn,
    onSuccess: async (data, vars) => {
      // Only the list is refreshed; the editor's own query is refetched when it mounts again.
      if (options.changesProfiles !== false) await queryClient.invalidateQueries({ queryKey: profileKeys.list() });
      // The screen shows the change first, then says so.
      await options.onSuccess?.(data, vars);
      if (options.success) toast.success(options.success);
    },
    onError: (error) => {
      const message = errorMessage(error, tm);
      const text = options.failure ? options.failure(message, error) : message;
      if (text !== null) toast.error(text);
    },
  });
}

/** A promise that settles when the mutation does, never rejecting (its error was shown already). */
export const settled = (promise: Promise<unknown>): Promise<void> =>
  promise.then(
    () => undefined,
    () => undefined,
  );
