import type { InboxItem } from "@fieldlead/contracts";
import { accountApi } from "@fieldlead/contracts/routes";
import { notifications } from "@mantine/notifications";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { call } from "../../../lib/api-client";
import { errorMessage } from "../../../lib/api-error";
import { session } from "../../../lib/session";
import { useMarkRead } from "../api/inbox";

/** What opening a notification did: went to its link, or only marked it read (it has none, or cannot be opened). */
export type Opened = "navigated" | "shown";

/**
 * Opening a notification: it is marked read and, when it has a link, the app goes there. A notification of another
 * of the person's organizations switches to that organization first (as the header's switcher does: the screens'
 * data is read again there); one of an organization they no longer belong to is only shown.
 */
export function useOpenNotification() {
  const navigate = useNavigate();
  const markRead = useMarkRead();
  const client = useQueryClient();
  // As the header's switcher does (a feature does not import another: decision 0023): the new current organization
  // is kept, and everything cached, the previous organization's, is read again.
  const switchOrganization = useMutation({
    mutationFn: (orgId: number) => call(accountApi.switchOrganization, { params: { orgId } }),
    onSuccess: async (user) => {
      session.set(user);
      await client.cancelQueries();
      await client.resetQueries();
    },
  });

  const open = (n: InboxItem): Opened => {
    if (n.readAt === null) markRead.mutate([n.id]);
    if (!n.link) return "shown";
    const link = n.link;
    const user = session.get();
    if (!user || n.organizationId === user.currentOrganizationId) {
      navigate(link);
      return "navigated";
    }
    const member = user.organizations.some((o) => o.id === n.organizationId && !o.isDeleted);
    if (!member) {
      notifications.show({
        message: `This notification is from ${n.organizationName}, which you no longer work in.`,
      });
      return "shown";
    }
    switchOrganization.mutate(n.organizationId, {
      onSuccess: () => {
        notifications.show({ color: "teal", message: `You are now working in ${n.organizationName}.` });
        navigate(link);
      },
      onError: (err) =>
        notifications.show({ color: "red", title: "Could not switch", message: errorMessage(err) }),
    });
    return "navigated";
  };

  return { open, switching: switchOrganization.isPending };
}
