import { Component, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingBlock } from './spinner.tsx';
import { retryFailedScreens } from './lazy-screen.ts';
import { ownerQueryHooks } from '../lib/owner-query-hooks.ts';
import { isChunkLoadError, isRetryable, reloadIfNewVersion } from './screen-failure.ts';

interface ScreenErrorProps {
  /** What went wrong (a failed chunk, a failed call, a bug). */
  error?: unknown;
  /** Called by "try again" once failed screens and calls are forgotten. */
  onRetry: () => void;
  /** The last resort outside the layout (the previews): the message stands in a page frame of its own. */
  standalone?: boolean;
}

/**
 * Issue 23: what a screen shows instead of a blank page when its chunk or its call failed. A
 * chunk missing after a deploy reloads the app once by itself (`reloadIfNewVersion`); otherwise
 * the message says what happened and "try again" loads the screen and its calls anew.
 */
export function ScreenError({ error, onRetry, standalone = false }: ScreenErrorProps) {
  const { t } = useTranslation('molecules', { useSuspense: false });
  const chunk = isChunkLoadError(error);
  const [checking, setChecking] = useState(chunk);

  useEffect(() => {
    if (!chunk) return;
    let live = true;
    void reloadIfNewVersion().then((reloading) => {
      if (live && !reloading) setChecking(false);
    });
    return () => {
      live = false;
    };
  }, [chunk]);

  if (checking) return <LoadingBlock />;
  if (!chunk && !isRetryable(error)) console.error(error);

  const retry = () => {
    retryFailedScreens();
    ownerQueryHooks.retried();
    onRetry();
  };

  const offline = chunk || isRetryable(error);
  const body = (
    <section className="content-card stack center-text screen-error" role="alert" aria-labelledby="screen-error-title">
      <h1 id="screen-error-title">{t('screen_error.title')}</h1>
      <p className="muted">{offline ? t('errors.network') : t('errors.unknown')}</p>
      <button type="button" className="btn btn-primary" onClick={retry}>
        {t('screen_error.try_again')}
      </button>
    </section>
  );
  return standalone ? <main className="page">{body}</main> : body;
}

interface BoundaryProps {
  /** Changes with the location, so moving to another screen clears an error. */
  resetKey: string;
  /** Outside the layout: the message gets a page frame of its own. */
  standalone?: boolean;
  children: ReactNode;
}

/** Catches a failed screen inside the layout, so the navigation bar stays and the owner can go on. */
export class ScreenBoundary extends Component<BoundaryProps, { error: unknown; key: string }> {
  state = { error: null as unknown, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { error: unknown; key: string }) {
    return props.resetKey === state.key ? null : { error: null, key: props.resetKey };
  }

  render() {
    if (this.state.error === null) return this.props.children;
    return <ScreenError error={this.state.error} standalone={this.props.standalone} onRetry={() => this.setState({ error: null })} />;
  }
}
