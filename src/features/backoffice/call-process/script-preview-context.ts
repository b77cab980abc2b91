// How a step's script reads to the teleoperator. The agent sheet's own step view lives in another
// feature (src/features/leads), which this one may not import (conventions §2): the route composes
// both and hands the renderer down through this context.
import { createContext, type ReactNode } from 'react'

export type ScriptPreviewProps = { number: number; stepCount: number; title: string; script: string }

export type RenderScriptPreview = (props: ScriptPreviewProps) => ReactNode

export const ScriptPreviewContext = createContext<RenderScriptPreview | null>(null)
