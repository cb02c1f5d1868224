/**
 * {@code --group}: N processes started with the same command line (pods of a Kubernetes Indexed
 * Job, ssh in a loop, any job runner) make one benchmark, coordinated through the PostgreSQL server
 * they all reach: no other infrastructure.
 *
 * <ul>
 *   <li>{@link org.jpgbench.group.GroupTables}: the coordination tables ({@code
 *       jpgbench.group_members}, {@code jpgbench.group_intervals}), created on demand; a member is
 *       alive while its coordination session is.
 *   <li>{@link org.jpgbench.group.Membership}: one member's row: registration (member 1 leads),
 *       arrivals, the members' states and summaries; {@link org.jpgbench.group.Coordination}: the
 *       bounded waits both phases share.
 *   <li>{@link org.jpgbench.group.ServerClock}: the offset to the server's clock, so that every
 *       member starts at one instant of the server's time.
 *   <li>{@link org.jpgbench.group.GroupMember}: the run's {@link org.jpgbench.run.Coordinator};
 *       {@link org.jpgbench.group.LiveTotals} and {@link org.jpgbench.group.GroupLine}: -P rows and
 *       the leader's group progress lines.
 *   <li>{@link org.jpgbench.group.GroupInit}: {@code -i} in a group, done by member 1 alone; {@link
 *       org.jpgbench.group.KeptResults}: {@code merge --group=NAME}.
 * </ul>
 *
 * <p>Depends on {@code run} (the {@code Coordinator} it implements), {@code merge} (the merged
 * report is {@code merge}'s), {@code report}, {@code report.json}, {@code report.text}, {@code
 * stats}, {@code db}, {@code config}, {@code cnum} and {@code log}; used by {@code cli}.
 */
package org.jpgbench.group;
