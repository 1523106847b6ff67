export default '# stub document';
