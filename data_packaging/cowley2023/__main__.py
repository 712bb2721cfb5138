"""`python -m data_packaging.cowley2023`: build, validate, package and reload a session (cowley2023.ipynb)."""
from data_packaging.cowley2023 import main

if __name__ == '__main__':
    main()
