export { isShiftTimeProblem, shiftTime } from "../common/shift-time";
export { type SchedulesRepository, schedulesRepository } from "./schedules.repository";
export { schedulesRoutes } from "./schedules.routes";
export { type SchedulesService, schedulesService } from "./schedules.service";
