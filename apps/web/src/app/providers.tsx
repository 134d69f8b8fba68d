import { MantineProvider } from "@mantine/core";
import { Notifications } from "@mantine/notifications";
import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { LoadingBar } from "../components/loading-bar";
import { cssVariablesResolver, theme } from "./theme";

export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>
        <LoadingBar />
        <Notifications position="top-right" limit={4} />
        {children}
      </QueryClientProvider>
    </MantineProvider>
  );
}
