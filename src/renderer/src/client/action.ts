/** A staff action: one engine call with progress, success and failure shown, then the affected areas refreshed. */
import { useMutation, useQueryClient, type UseMutationResult } from '@tanstack/react-query';
import type { AdminChannel } from '../../../shared/admin-contract';
import type { ChangeTopic } from '../../../shared/change-topics';
import { ADMIN_CHANNEL_DECLARATIONS } from '../../../shared/channels';
import type { ChannelDeclaration } from '../../../shared/channels/declare';
import type { Environment } from '../../../shared/environments';
import { useEnvironment } from './EnvironmentProvider';
import { withProgress, type Outcome, type ProgressOptions } from './notify';

interface ActionOptions<I, O> extends ProgressOptions {
  run: (input: I, environment: Environment) => Promise<O>;
  progress: string | ((input: I) => string);
  /** What to say when done: a warning (not a success) when it went through but needs attention. */
  success: (output: O, input: I) => Outcome;
  /** The change topics the action touches: queries keyed [environment, topic, …] are refetched. */
  invalidates: readonly ChangeTopic[];
}

/** The change topics a channel's declaration says its success touches. */
export function topicsOf(channel: AdminChannel): readonly ChangeTopic[] {
  const declaration: ChannelDeclaration = ADMIN_CHANNEL_DECLARATIONS[channel];
  return declaration.topics ?? [];
}

export function useAction<I, O>({
  run,
  progress,
  success,
  invalidates,
  ...options
}: ActionOptions<I, O>): UseMutationResult<O, unknown, I> {
  const queryClient = useQueryClient();
  const environment = useEnvironment();
  return useMutation({
    mutationFn: (input: I) =>
      withProgress(
        typeof progress === 'function' ? progress(input) : progress,
        () => run(input, environment),
        (output) => success(output, input),
        options,
      ),
    onSettled: () =>
      Promise.all(invalidates.map((topic) => queryClient.invalidateQueries({ queryKey: [environment, topic] }))),
  });
}
