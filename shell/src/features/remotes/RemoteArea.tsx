import { Component, lazy, Suspense, useMemo, useState, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Alert, AlertTitle } from '../../components/alerts';
import { loadRemoteApp, resetRemote, type RemoteName } from './registry';

export const REMOTE_UNAVAILABLE_MESSAGE = 'This part of the portal is temporarily unavailable. Please try again later.';

const lazyCache = new Map<string, ComponentType>();

/** Forgets the loaded remote components (tests start each case from scratch). */
export function forgetLoadedRemotes(): void {
  lazyCache.clear();
}

function lazyRemote(name: RemoteName, attempt: number): ComponentType {
  const key = `${name}#${attempt}`;
  let component = lazyCache.get(key);
  if (!component) {
    component = lazy(() => loadRemoteApp(name));
    lazyCache.set(key, component);
  }
  return component;
}

export function RemoteUnavailable({ onRetry }: { onRetry: () => void }) {
  const retry = (
    <Button color="inherit" size="small" onClick={onRetry}>
      Retry
    </Button>
  );
  return (
    <Box sx={{ p: { xs: 2, md: 4 } }} data-testid="remote-unavailable">
      {/* The same message without the Alert's styling until it has loaded (or if it cannot). */}
      <Suspense
        fallback={
          <Box role="alert" sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
            <Typography>{REMOTE_UNAVAILABLE_MESSAGE}</Typography>
            {retry}
          </Box>
        }
      >
        <Alert severity="warning" role="alert" action={retry}>
          <AlertTitle>Unavailable</AlertTitle>
          {REMOTE_UNAVAILABLE_MESSAGE}
        </Alert>
      </Suspense>
    </Box>
  );
}

interface BoundaryProps {
  name: RemoteName;
  pathname: string;
  /** Changes on Retry: the boundary clears its error and renders a fresh loader. */
  attempt: number;
  onRetry: () => void;
  children: ReactNode;
}

interface BoundaryState {
  error: unknown;
  pathname: string;
  attempt: number;
}

/** Catches a remote that fails to load or crashes; the rest of the shell keeps working. */
export class RemoteBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, pathname: this.props.pathname, attempt: this.props.attempt };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    // A crash on one page must not stay on screen after navigating to another.
    if (props.pathname !== state.pathname || props.attempt !== state.attempt) {
      return { pathname: props.pathname, attempt: props.attempt, error: null };
    }
    return null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(`[portal] ${this.props.name} failed`, error, info.componentStack);
  }

  override render() {
    if (this.state.error) {
      return <RemoteUnavailable onRetry={this.props.onRetry} />;
    }
    return this.props.children;
  }
}

export function RemoteLoading() {
  return (
    <Box sx={{ p: 4 }} role="status">
      <Typography>Loading...</Typography>
    </Box>
  );
}

/** Mounts `<name>/App` (a remote's own absolute routes) with its own boundary. */
export function RemoteArea({ name }: { name: RemoteName }) {
  const { pathname } = useLocation();
  const [attempt, setAttempt] = useState(0);
  const RemoteApp = useMemo(() => lazyRemote(name, attempt), [name, attempt]);
  const retry = () => {
    void resetRemote(name).finally(() => setAttempt((n) => n + 1));
  };
  return (
    <div data-remote={name} style={{ display: 'contents' }}>
      <RemoteBoundary key={name} name={name} pathname={pathname} attempt={attempt} onRetry={retry}>
        <Suspense fallback={<RemoteLoading />}>
          <RemoteApp />
        </Suspense>
      </RemoteBoundary>
    </div>
  );
}
