import type { AreaJobs } from "../../platform/jobs-list";
import type { UnitOfWork } from "../../platform/unit-of-work";
import { invitationsRepository } from "./invitations.repository";

/** Lapsed invitations are kept this long (an organization may wonder why someone never joined), then deleted. */
export const LAPSED_INVITATION_DAYS = 30;

/** The users area's background work: forgetting invitations that lapsed a month ago, daily. */
export function usersJobs(d: { uow: UnitOfWork }): AreaJobs {
  const invitations = invitationsRepository();
  return {
    handlers: [],
    schedules: [
      {
        name: "invitations.prune",
        cron: "23 4 * * *",
        run: async () => {
          await invitations.pruneLapsed(d.uow.read, LAPSED_INVITATION_DAYS);
        },
      },
    ],
  };
}
