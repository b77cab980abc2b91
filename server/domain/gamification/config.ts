// Experience points of the events that are not outcomes (docs/domain.md "Gamification"); an
// outcome earns its catalogue tag's points (tags.experience_points, back office).
export const XP_PER_ANSWERED_CALL = 2
export const XP_PER_APPOINTMENT = 20
