/** Something the tests need is not there; the message is one line saying what, and the command that fixes it. */
export class MissingTool extends Error {
  override name = 'MissingTool'
}
