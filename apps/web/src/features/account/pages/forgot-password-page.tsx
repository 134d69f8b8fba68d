import { forgotPasswordRequest } from "@fieldlead/contracts";
import { Alert, Anchor, Button, Stack, Text, TextInput } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { IconArrowLeft, IconMailCheck } from "@tabler/icons-react";
import { Link } from "react-router";
import { FormError } from "../../../components/query-state";
import { useForgotPassword } from "../api/forgot-password";
import { AuthCard } from "../components/auth-card";

export function ForgotPasswordPage() {
  const mutation = useForgotPassword();
  const form = useForm({
    mode: "uncontrolled",
    initialValues: { email: "" },
    validate: schemaResolver(forgotPasswordRequest, { sync: true }),
  });

  const back = (
    <Anchor component={Link} to="/login" fz="sm">
      <IconArrowLeft size={14} style={{ verticalAlign: "-2px", marginRight: 4 }} aria-hidden />
      Back to sign in
    </Anchor>
  );

  if (mutation.isSuccess) {
    return (
      <AuthCard title="Check your email" footer={back}>
        <Alert role="status" color="teal" variant="light" icon={<IconMailCheck size={18} />}>
          {mutation.data.message}
        </Alert>
        <Text fz="sm" c="dimmed">
          No email after a few minutes? Check the spam folder, or{" "}
          <Anchor component="button" type="button" fz="sm" onClick={() => mutation.reset()}>
            try again
          </Anchor>
          .
        </Text>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="Enter the email you sign in with and we will send you a link to choose a new password."
      footer={back}
    >
      <form onSubmit={form.onSubmit((values) => mutation.mutate(values))} noValidate>
        <Stack gap="md">
          {mutation.error ? <FormError>{mutation.error.message}</FormError> : null}
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            placeholder="you@company.com"
            required
            autoFocus
            key={form.key("email")}
            {...form.getInputProps("email")}
          />
          <Button type="submit" fullWidth size="md" loading={mutation.isPending}>
            Send reset link
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
