import { Box, Center, Paper, Skeleton, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { Brand } from "../../../components/brand";
import classes from "./auth-card.module.css";

/** The frame of the signed-out screens: the brand, a heading and a card. */
export function AuthCard({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <Box className={classes.page} component="main">
      <Center mih="100dvh" px="md" py="xl">
        <Stack w="100%" maw={420} gap="lg">
          <Center>
            <Brand size="lg" />
          </Center>
          <Paper withBorder shadow="md" radius="lg" p={{ base: "lg", xs: "xl" }}>
            <Stack gap="lg">
              <Stack gap={4}>
                <Title order={1} fz={{ base: 22, xs: 24 }}>
                  {title}
                </Title>
                {subtitle ? (
                  <Text c="dimmed" fz="sm">
                    {subtitle}
                  </Text>
                ) : null}
              </Stack>
              {children}
            </Stack>
          </Paper>
          {footer ? (
            <Text ta="center" fz="sm" c="dimmed">
              {footer}
            </Text>
          ) : null}
        </Stack>
      </Center>
    </Box>
  );
}

/** The card while a link from an email is being checked: its fields' shapes, busy. */
export function AuthCardLoading({ title }: { title: string }) {
  return (
    <AuthCard title={title}>
      <Stack gap="md" aria-busy>
        <Skeleton height={36} />
        <Skeleton height={36} />
        <Skeleton height={42} />
      </Stack>
    </AuthCard>
  );
}
