// One view of the leaderboard (issue #14): the first MAX_ROWS agents in rank order, large and high in
// contrast for a wall screen; rows that move slide to their new place unless motion is reduced; a
// badge earned in the last minutes is highlighted on its row, today's others stay as chips.
import { useRef } from 'react'
import { AwardIcon } from '../../components/ui/award-icon.tsx'
import type { Leaderboard, LeaderboardAgent } from '../../contracts/leaderboard.ts'
import { leaderboard as text } from '../../i18n/fr/leaderboard.ts'
import { MAX_ROWS, NEW_BADGE_MS } from './rotation.ts'
import { useFlip } from './use-flip.ts'

export type LeaderboardBoardProps = {
  board: Leaderboard
  /** When the board was fetched (ms): badges earned within NEW_BADGE_MS of it are new. */
  fetchedAt: number
  label: string
  animate: boolean
}

function AgentRow({ agent, fetchedAt }: { agent: LeaderboardAgent; fetchedAt: number }) {
  return (
    <li className="leaderboard__row" data-flip-key={agent.userId} data-rank={agent.rank}>
      <span className="leaderboard__rank">{text.rank(agent.rank)}</span>
      {agent.avatarUrl ? (
        <img className="leaderboard__avatar" src={agent.avatarUrl} alt="" width={64} height={64} />
      ) : (
        <span className="leaderboard__avatar leaderboard__avatar--initials" aria-hidden="true">
          {agent.initials}
        </span>
      )}
      <span className="leaderboard__agent">
        <span className="leaderboard__name">{agent.name}</span>
        {agent.badgesToday.length > 0 ? (
          <span className="leaderboard__badges">
            {agent.badgesToday.map((badge) => {
              const fresh = Date.parse(badge.earnedAt) >= fetchedAt - NEW_BADGE_MS
              return (
                <span
                  key={badge.id}
                  className={fresh ? 'leaderboard__badge leaderboard__badge--new' : 'leaderboard__badge'}
                >
                  <AwardIcon name={badge.icon} className="leaderboard__badge-icon" />
                  {fresh ? <span className="leaderboard__badge-new">{text.newBadge}</span> : null}
                  {badge.name}
                </span>
              )
            })}
          </span>
        ) : null}
      </span>
      <span className="leaderboard__level">{text.level(agent.level)}</span>
      <span className="leaderboard__xp">{text.experience(agent.experiencePoints)}</span>
      <span className="leaderboard__appointments">{text.appointments(agent.appointments)}</span>
    </li>
  )
}

export function LeaderboardBoard({ board, fetchedAt, label, animate }: LeaderboardBoardProps) {
  const listRef = useRef<HTMLOListElement>(null)
  const shown = board.agents.slice(0, MAX_ROWS)
  useFlip(listRef, shown.map((agent) => agent.userId).join(','), animate)
  if (board.agents.length === 0) return <p className="leaderboard__empty">{text.empty}</p>
  const hidden = board.agents.length - shown.length
  return (
    <>
      <div className="leaderboard__columns" aria-hidden="true">
        <span>{text.columns.rank}</span>
        <span />
        <span>{text.columns.agent}</span>
        <span>{text.columns.level}</span>
        <span>{text.columns.experience}</span>
        <span>{text.columns.appointments}</span>
      </div>
      <ol ref={listRef} className="leaderboard__list" aria-label={text.listLabel(label)}>
        {shown.map((agent) => (
          <AgentRow key={agent.userId} agent={agent} fetchedAt={fetchedAt} />
        ))}
      </ol>
      {hidden > 0 ? <p className="leaderboard__more">{text.more(hidden)}</p> : null}
    </>
  )
}
