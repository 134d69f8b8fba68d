/** "90 min", "2 h", "1 h 30 min", "3 days": a length of time as people read it. */
export function formatMinutes(minutes: number): string {
  if (minutes === 0) return "None";
  if (minutes % 1440 === 0) return `${minutes / 1440} ${minutes === 1440 ? "day" : "days"}`;
  if (minutes < 60) return `${minutes} min`;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m ? `${h} h ${m} min` : `${h} h`;
}

export const formatDays = (days: number) => `${days} ${days === 1 ? "day" : "days"}`;
