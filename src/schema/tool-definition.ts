/** A JSON Schema object describing a tool's input. */
export interface JsonSchema {
  type: 'object'
  properties: Record<string, unknown>
  required?: string[]
  additionalProperties?: boolean
}

/** What the model is told about a tool. */
export interface ToolDefinition {
  name: string
  description: string
  inputSchema: JsonSchema
}
