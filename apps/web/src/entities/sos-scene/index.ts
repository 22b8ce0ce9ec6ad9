// Who answered an SOS and where they are: the list of responders on the way or at the scene.
export { SceneResponders } from './scene-responders';
