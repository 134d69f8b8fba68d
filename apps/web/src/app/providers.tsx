import { MantineProvider } from "@mantine/core";
import { useNotifications } from "@mantine/notifications";
import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { lazy, type ReactNode, Suspense, useState } from "react";
import { LoadingBar } from "../components/loading-bar";
import { cssVariablesResolver, theme } from "./theme";

const Notifications = lazy(() => import("./toast-renderer"));

/**
 * The toasts' renderer (and its transitions) loads with the first toast, not with the first screen: most visits
 * show none, and a toast waits in Mantine's store until the renderer mounts (docs/decisions/0029).
 */
function Toasts() {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length + queue.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Notifications limit={4} />
    </Suspense>
  );
}

export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      // "html:root" outranks the ":root" defaults of Mantine's stylesheet wherever that loads (decision 0031).
      cssVariablesSelector="html:root"
      defaultColorScheme="light"
    >
      <QueryClientProvider client={queryClient}>
        <LoadingBar />
        <Toasts />
        {children}
      </QueryClientProvider>
    </MantineProvider>
  );
}
