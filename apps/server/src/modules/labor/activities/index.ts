export { type ActivitiesRepository, activitiesRepository } from "./activities.repository";
export { activitiesRoutes } from "./activities.routes";
export { type ActivitiesService, activitiesService } from "./activities.service";
